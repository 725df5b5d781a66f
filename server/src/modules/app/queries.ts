import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema/index.ts';
import { projectFilter, type ProjectScope } from '../../platform/scope.ts';

export const lookups = {
  /** `styles` is the spec's name of `est_styles` (spec 1 and 3 §3 "Status", issue 27). */
  estados: (db: Executor) => db.select({
    est_id: t.estado.est_id, est_codigo: t.estado.est_codigo, est_nombre: t.estado.est_nombre, est_styles: t.estado.est_styles, styles: t.estado.est_styles,
  }).from(t.estado).orderBy(asc(t.estado.est_id)),
  orden_estados: (db: Executor) => db.select().from(t.ordenEstado).orderBy(asc(t.ordenEstado.ore_id)),
  tipos_caja: (db: Executor) => db.select().from(t.tipoCaja).orderBy(asc(t.tipoCaja.tca_id)),
  caja_estados: (db: Executor) =>
    db.select().from(t.estadoDocumento).where(eq(t.estadoDocumento.edo_modulo, 'caja')).orderBy(asc(t.estadoDocumento.edo_codigo)),
  estados_documento: (db: Executor) => db.select().from(t.estadoDocumento).orderBy(asc(t.estadoDocumento.edo_modulo), asc(t.estadoDocumento.edo_codigo)),
  monedas: (db: Executor) => db.select().from(t.moneda).orderBy(asc(t.moneda.mon_id)),
  condiciones_comerciales: (db: Executor) => db.select().from(t.condicionComercial).orderBy(asc(t.condicionComercial.coc_id)),
  tipos_cuenta: (db: Executor) => db.select().from(t.tipoCuenta).orderBy(asc(t.tipoCuenta.tcu_id)),
  tipos_documento: (db: Executor) => db.select().from(t.tipoDocumento).orderBy(asc(t.tipoDocumento.tid_id)),
  metodos_pago: (db: Executor) => db.select().from(t.metodoPago).orderBy(asc(t.metodoPago.mep_id)),
  bancos: (db: Executor) => db.select().from(t.banco).orderBy(asc(t.banco.ban_nombre)),
  paises: (db: Executor) => db.select().from(t.pais).orderBy(asc(t.pais.pai_nombre)),
  distritos: (db: Executor) => db.select().from(t.ubigeo).orderBy(asc(t.ubigeo.ubi_provincia), asc(t.ubigeo.ubi_nombre)),
  tipos_documento_identidad: (db: Executor) => db.select().from(t.tipoDocumentoIdentidad).orderBy(asc(t.tipoDocumentoIdentidad.tdi_id)),
  tipos_usuario: (db: Executor) => db.select().from(t.tipoUsuario).orderBy(asc(t.tipoUsuario.tiu_id)),
  roles: (db: Executor) => db.select().from(t.rol).orderBy(asc(t.rol.rol_id)),
  opciones: (db: Executor) =>
    db.select({ opc_id: t.opcion.opc_id, opc_codigo: t.opcion.opc_codigo, opc_nombre: t.opcion.opc_nombre, mod_codigo: t.modulo.mod_codigo })
      .from(t.opcion).innerJoin(t.modulo, eq(t.modulo.mod_id, t.opcion.mod_id)).orderBy(asc(t.opcion.opc_id)),
  proyectos: (db: Executor, scope: ProjectScope) =>
    db.select({ pry_id: t.proyecto.pry_id, pry_codigo: t.proyecto.pry_codigo, pry_nombre: t.proyecto.pry_nombre })
      .from(t.proyecto).where(and(eq(t.proyecto.pry_estado, 1), projectFilter(scope, t.proyecto.pry_id))).orderBy(asc(t.proyecto.pry_nombre)),
  almacenes: (db: Executor, scope: ProjectScope) =>
    db.select({ alm_id: t.almacen.alm_id, alm_nombre: t.almacen.alm_nombre, alm_tipo: t.almacen.alm_tipo, pry_id: t.almacen.pry_id, pry_nombre: t.proyecto.pry_nombre })
      .from(t.almacen).innerJoin(t.proyecto, eq(t.proyecto.pry_id, t.almacen.pry_id))
      .where(and(eq(t.almacen.alm_estado, 1), eq(t.proyecto.pry_estado, 1), projectFilter(scope, t.almacen.pry_id))).orderBy(asc(t.proyecto.pry_nombre), asc(t.almacen.alm_nombre)),
  centros_costo: (db: Executor, scope: ProjectScope) =>
    db.select({ id_centro_costo: t.centroCosto.cec_id, codigo: t.centroCosto.cec_codigo, descripcion: t.centroCosto.cec_descripcion, pry_id: t.centroCosto.pry_id })
      .from(t.centroCosto).where(and(eq(t.centroCosto.cec_estado, 1), projectFilter(scope, t.centroCosto.pry_id))).orderBy(asc(t.centroCosto.cec_codigo)),
  marcas: (db: Executor) =>
    db.select({ mar_id: t.marca.mar_id, mar_nombre: t.marca.mar_nombre }).from(t.marca).where(eq(t.marca.mar_estado, 1)).orderBy(asc(t.marca.mar_nombre)),
  unidades_medida: (db: Executor) =>
    db.select({ unm_id: t.unidadMedida.unm_id, unm_simbolo: t.unidadMedida.unm_simbolo, unm_descripcion: t.unidadMedida.unm_descripcion })
      .from(t.unidadMedida).where(eq(t.unidadMedida.unm_estado, 1)).orderBy(asc(t.unidadMedida.unm_simbolo)),
  categorias: (db: Executor) =>
    db.select({ cat_id: t.categoriaProducto.cat_id, cat_nombre: t.categoriaProducto.cat_nombre })
      .from(t.categoriaProducto).where(eq(t.categoriaProducto.cat_estado, 1)).orderBy(asc(t.categoriaProducto.cat_nombre)),
  tipos_producto: (db: Executor) => tiposProducto(db),
  /** Spec 3 §3 "Sales product": groups are `(id, nombre)`; `pvg_id`, `pvg_nombre` repeat them for the screens (issue 27). */
  producto_venta_grupos: (db: Executor) =>
    db.select({ id: t.productoVentaGrupo.pvg_id, nombre: t.productoVentaGrupo.pvg_nombre, pvg_id: t.productoVentaGrupo.pvg_id, pvg_nombre: t.productoVentaGrupo.pvg_nombre })
      .from(t.productoVentaGrupo).orderBy(asc(t.productoVentaGrupo.pvg_id)),
  /** Active sale product types of both levels: `pti_parent` null is level 1. */
  producto_venta_tipos: (db: Executor) =>
    db.select({ pti_id: t.productoVentaTipo.pti_id, pti_nombre: t.productoVentaTipo.pti_nombre, pti_parent: t.productoVentaTipo.pti_parent })
      .from(t.productoVentaTipo).where(eq(t.productoVentaTipo.pti_estado, 1)).orderBy(asc(t.productoVentaTipo.pti_nombre)),
  puestos: (db: Executor) =>
    db.select({ pue_id: t.puesto.pue_id, pue_nombre: t.puesto.pue_nombre }).from(t.puesto).where(eq(t.puesto.pue_estado, 1)).orderBy(asc(t.puesto.pue_nombre)),
};

/** Active product types, of one category when `catId` is given (product form, filters, lookups). */
export function tiposProducto(db: Executor, catId?: number) {
  return db.select({ tip_id: t.tipoProducto.tip_id, tip_nombre: t.tipoProducto.tip_nombre, cat_id: t.tipoProducto.cat_id })
    .from(t.tipoProducto)
    .where(and(eq(t.tipoProducto.tip_estado, 1), catId === undefined ? undefined : eq(t.tipoProducto.cat_id, catId)))
    .orderBy(asc(t.tipoProducto.tip_nombre));
}

export type LookupName = keyof typeof lookups;
