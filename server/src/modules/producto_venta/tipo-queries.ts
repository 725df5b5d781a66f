import type { ProductoVentaTipo } from '@obra/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productoVentaTipo } from '../../db/schema/index.ts';

const row = {
  pti_id: productoVentaTipo.pti_id,
  pti_nombre: productoVentaTipo.pti_nombre,
  pti_parent: productoVentaTipo.pti_parent,
  pti_estado: productoVentaTipo.pti_estado,
};

/** Active types of one level: level 1 when `parent` is null, else the children of `parent` (index producto_venta_tipo_parent_idx). */
export function listByParent(db: Executor, parent: number | null): Promise<ProductoVentaTipo[]> {
  return db.select(row).from(productoVentaTipo)
    .where(and(eq(productoVentaTipo.pti_estado, 1), parent === null ? isNull(productoVentaTipo.pti_parent) : eq(productoVentaTipo.pti_parent, parent)))
    .orderBy(asc(productoVentaTipo.pti_nombre));
}

export async function find(db: Executor, id: number): Promise<ProductoVentaTipo | undefined> {
  const [r] = await db.select(row).from(productoVentaTipo).where(eq(productoVentaTipo.pti_id, id));
  return r;
}

export async function insert(db: Executor, v: { pti_nombre: string; pti_parent: number | null }): Promise<number> {
  const [r] = await db.insert(productoVentaTipo).values(v).returning({ id: productoVentaTipo.pti_id });
  return r.id;
}

export async function update(db: Executor, v: ProductoVentaTipo): Promise<void> {
  const { pti_id, ...cambios } = v;
  await db.update(productoVentaTipo).set(cambios).where(eq(productoVentaTipo.pti_id, pti_id));
}
