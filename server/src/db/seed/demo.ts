import { hash } from '@node-rs/argon2';
import { ROLE } from '@obra/domain';
import { count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as t from '../schema/index.ts';
import { seedCaja } from './demo/caja.ts';
import { seedCatalogo } from './demo/catalogo.ts';
import { seedClientes } from './demo/clientes.ts';
import { seedDespacho } from './demo/despacho.ts';
import { seedEmpleados } from './demo/empleados.ts';
import { aperturaDelHistorial, seedOrdenesCompra } from './demo/ordenes-compra.ts';
import { seedOrdenesVenta } from './demo/ordenes-venta.ts';
import { seedPedidos } from './demo/pedidos.ts';
import { seedProductos } from './demo/productos.ts';
import { seedProveedores } from './demo/proveedores.ts';
import { seedStock } from './demo/stock.ts';
import { seedVentasMaestros } from './demo/ventas-maestros.ts';
import { sinAvisos } from '../../platform/notificar.ts';

export const DEMO_PASSWORD = 'Demo.2026';

/** The demo accounts listed in the README; all share DEMO_PASSWORD. */
export const DEMO_USERS = [
  { correo: 'admin@andina.pe', nombre: 'Administrador', apellido: 'del Sistema', dni: '40000001', nivel: 1, roles: [ROLE.SUPER], proyecto: null },
  { correo: 'gerencia@andina.pe', nombre: 'Carlos', apellido: 'Mendoza Ríos', dni: '40000002', nivel: 1, roles: [ROLE.GERENCIA], proyecto: null },
  { correo: 'contabilidad@andina.pe', nombre: 'Rosa', apellido: 'Quispe Salazar', dni: '40000003', nivel: 1, roles: [ROLE.CONTABILIDAD], proyecto: null },
  { correo: 'logistica@andina.pe', nombre: 'Jorge', apellido: 'Huamán Torres', dni: '40000004', nivel: 1, roles: [ROLE.LOGISTICA], proyecto: null },
  { correo: 'inventario@andina.pe', nombre: 'Lucía', apellido: 'Torres Paredes', dni: '40000005', nivel: 1, roles: [ROLE.INVENTARIO], proyecto: null },
  { correo: 'tesoreria@andina.pe', nombre: 'Miguel', apellido: 'Rojas Cárdenas', dni: '40000006', nivel: 1, roles: [ROLE.TESORERIA], proyecto: null },
  { correo: 'almacen@andina.pe', nombre: 'Pedro', apellido: 'Flores Ccori', dni: '40000007', nivel: 0, roles: [ROLE.JEFE_ALMACEN], proyecto: 'PRY-001' },
  { correo: 'estandar@andina.pe', nombre: 'Ana', apellido: 'Vargas Lozano', dni: '40000008', nivel: 0, roles: [ROLE.ESTANDAR], proyecto: 'PRY-002' },
  { correo: 'visualizador@andina.pe', nombre: 'Sofía', apellido: 'Castillo Meza', dni: '40000009', nivel: 1, roles: [ROLE.VISUALIZADOR], proyecto: null },
  // Added after the first nine so their ids (used by tests) stay put.
  { correo: 'administracion@andina.pe', nombre: 'Patricia', apellido: 'Salas Vega', dni: '40000011', nivel: 1, roles: [ROLE.ADMINISTRADOR], proyecto: null },
] as const;

export const DEMO_SUPPLIER_USER = { correo: 'proveedor@andina.pe', nombre: 'Juan', apellido: 'Paredes Soto', dni: '40000010' };

const PROJECTS = [
  { pry_codigo: 'PRY-001', pry_nombre: 'Planta Lurín', pry_descripcion: 'Planta de concreto premezclado en Lurín',
    // SUNAT establishment codes (PLE 12.1 field 4): the plant is the fiscal address (0000), the aggregates yard an annex.
    almacenes: [
      { alm_nombre: 'Almacén Central', alm_direccion: 'Av. Industrial 1250, Lurín', alm_tipo: 0, alm_establecimiento: '0000' },
      { alm_nombre: 'Almacén de Agregados', alm_direccion: 'Panamericana Sur km 36, Lurín', alm_tipo: 1, alm_establecimiento: '0001' },
    ] },
  { pry_codigo: 'PRY-002', pry_nombre: 'Edificio Miraflores', pry_descripcion: 'Obra de edificio multifamiliar en Miraflores',
    // A building site on the client's land: third-party premises (9999).
    almacenes: [{ alm_nombre: 'Almacén de Obra Miraflores', alm_direccion: 'Calle Berlín 480, Miraflores', alm_tipo: 1, alm_establecimiento: '9999' }] },
];

const SUPPLIER = {
  pve_ruc: '20501234568', pve_razon_social: 'Aceros y Materiales del Sur S.A.C.', pve_direccion: 'Av. Argentina 2450, Cercado de Lima',
  pve_correo: 'ventas@aceromatsur.pe', pve_telefono: '014567890', pve_especialidad: 'Acero de construcción y cemento',
  pve_cuenta_detraccion: '00-000-123456', pve_es_nacional: true, pai_id: 1,
};

export interface DemoOptions {
  /**
   * A year of purchase orders with their receipts and payments (demo/ordenes-compra.ts), the opening stock dated
   * before it; default true. The test suite seeds without it (SEED_DEMO=base): its tests count orders, codes and
   * stock from an empty purchasing book.
   */
  historialCompras?: boolean;
}

/** Demo data for the embedded mode or `npm run seed`; only into a database without users. */
export async function seedDemoIfEmpty(db: Db, { historialCompras = true }: DemoOptions = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(t.usuario);
  if (Number(n) > 0) return false;
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await sinAvisos(tx);
    const projectIds = new Map<string, number>();
    for (const p of PROJECTS) {
      const [row] = await tx.insert(t.proyecto).values({ pry_codigo: p.pry_codigo, pry_nombre: p.pry_nombre, pry_descripcion: p.pry_descripcion }).returning();
      projectIds.set(p.pry_codigo, row.pry_id);
      await tx.insert(t.almacen).values(p.almacenes.map((a) => ({ ...a, pry_id: row.pry_id })));
    }
    const [supplier] = await tx.insert(t.proveedor).values(SUPPLIER).returning();
    const userIds = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const [row] = await tx.insert(t.usuario).values({
        usu_nombre: u.nombre, usu_apellido: u.apellido, usu_dni: u.dni, usu_correo: u.correo, usu_password_hash: passwordHash,
        usu_nivel: u.nivel, pry_id: u.proyecto ? projectIds.get(u.proyecto)! : null,
      }).returning();
      await tx.insert(t.usuarioRol).values(u.roles.map((rol_id) => ({ usu_id: row.usu_id, rol_id })));
      userIds.set(u.correo, row.usu_id);
    }
    const s = DEMO_SUPPLIER_USER;
    const [supplierUser] = await tx.insert(t.usuario).values({
      usu_nombre: s.nombre, usu_apellido: s.apellido, usu_dni: s.dni, usu_correo: s.correo, usu_password_hash: passwordHash,
      tiu_id: 3, pve_id: supplier.pve_id,
    }).returning();
    await tx.insert(t.usuarioRol).values({ usu_id: supplierUser.usu_id, rol_id: ROLE.PROVEEDOR });
    const ctx = { projectIds, userIds, supplierId: supplier.pve_id };
    await seedCatalogo(tx, ctx);
    await seedProductos(tx, ctx);
    await seedProveedores(tx, ctx);
    await seedEmpleados(tx, ctx);
    const now = new Date();
    await seedStock(tx, ctx, historialCompras ? aperturaDelHistorial(now) : undefined);
    if (historialCompras) await seedOrdenesCompra(tx, ctx, now);
    await seedCaja(tx, ctx);
    await seedPedidos(tx, ctx);
    await seedClientes(tx, ctx);
    await seedVentasMaestros(tx);
    await seedOrdenesVenta(tx, ctx);
    await seedDespacho(tx, ctx);
  });
  return true;
}
