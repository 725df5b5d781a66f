import { OrdenSave, limaYear } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';
import { register } from './service.ts';

let ctx: TestContext;
let admin: { authorization: string };
let logistica: { authorization: string };
const ids = { ccPl01: 0, ccPl02: 0, ccMf01: 0, ccMf04: 0, pve: 0, pve2: 0, pveInactivo: 0, unidad: 0, marca: 0, producto: 0, producto2: 0, gerencia: 0, contabilidad: 0, adminUser: 0, logistica: 0 };
const YEAR = limaYear();

const one = async <T>(q: ReturnType<typeof sql>) => (await selectRows<T>(ctx.deps.database.db, q))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth(ADMIN);
  logistica = await ctx.auth('logistica@andina.pe');
  const cec = async (codigo: string) => (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = ${codigo}`)).id;
  ids.ccPl01 = await cec('CC-PL-01');
  ids.ccPl02 = await cec('CC-PL-02');
  ids.ccMf01 = await cec('CC-MF-01');
  ids.ccMf04 = await cec('CC-MF-04');
  const pves = await selectRows<{ id: number }>(ctx.deps.database.db, sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 3`);
  [ids.pve, ids.pve2, ids.pveInactivo] = pves.map((p) => p.id);
  await selectRows(ctx.deps.database.db, sql`update proveedor set pve_es_activo = false where pve_id = ${ids.pveInactivo}`);
  ids.unidad = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id;
  ids.marca = (await one<{ id: number }>(sql`select mar_id as id from marca order by mar_id limit 1`)).id;
  const prods = await selectRows<{ id: number }>(ctx.deps.database.db, sql`select prv_id as id from producto order by prv_id limit 2`);
  [ids.producto, ids.producto2] = prods.map((p) => p.id);
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  ids.gerencia = await usu('gerencia@andina.pe');
  ids.contabilidad = await usu('contabilidad@andina.pe');
  ids.adminUser = await usu(ADMIN);
  ids.logistica = await usu('logistica@andina.pe');
  // estandar@andina.pe (project PRY-002) gets LOGÍSTICA so that it holds the orders module.
  await selectRows(ctx.deps.database.db, sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
});
afterAll(() => ctx.close());

const call = (url: string, payload: object, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url: `/api/orden/${url}`, headers, payload });
const detail = (id: number, headers: Record<string, string> = admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/orden/get-orden-detail', headers: { ...headers, idOrden: String(id) }, payload: {} });

/** A valid purchase order in the spec's shape; `over` replaces top-level fields. */
const order = (over: Record<string, unknown> = {}) => ({
  tipo_orden: 1,
  es_importacion: 0,
  centro_costo: { id_centro_costo: ids.ccPl01 },
  proveedor: { id_proveedor: ids.pve },
  moneda: { id_moneda: 1 },
  condicion_comercial: { id_condicion: 2 },
  metodo_pago: { id_metodo: 1 },
  tipo_documento: { id_tipo_documento: 1 },
  ord_numero_documento: 'F001-123',
  fecha_pago: '2026-12-15',
  lugar_entrega: 'Planta Lurín, Antigua Panamericana Sur km 36',
  contabilidad: { id_usuario: ids.contabilidad },
  administrador: { id_usuario: ids.adminUser },
  gerencia: { id_usuario: ids.gerencia },
  referencia: 'Cemento para producción de diciembre',
  descuento: 10,
  tipo_descuento: 1,
  // Amounts a client sends are ignored (DECISIONS §2).
  monto_sin_impuesto: 1,
  monto_con_impuesto: 999999,
  orden_items: [
    { descripcion: 'Cemento Portland tipo I', marca: { id_marca: ids.marca }, unidad: { id_unidad: ids.unidad }, cantidad: 4, precio_unitario: 250, importe: 5 },
    { producto_variacion: { id_producto_variacion: ids.producto }, marca: { id_marca: 0 }, unidad: { id_unidad: ids.unidad }, cantidad: '2', precio_unitario: '37.5' },
  ],
  orden_impuestos: [
    { descripcion: 'IGV', valor: '0.18', ori_tipo: 1, valor_aplicado: 1 },
    { descripcion: 'Percepción', valor: '0', ori_tipo: 3 },
  ],
  ...over,
});

const message = async (payload: object, url = 'register-orden') => {
  const res = await call(url, payload);
  return { status: res.statusCode, message: res.json().message as string };
};

describe('register-orden', () => {
  let id: number;

  it('registers with the code of DECISIONS §2 and recomputed totals, ignoring client amounts', async () => {
    const res = await call('register-orden', order(), logistica);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Se registró con éxito la orden');
    // 4 × 250 = 1000; 2 × 37.5 = 75; subtotal 1075; 10% = 107.50 → 967.50; IGV 174.15; total 1141.65.
    expect(body.data).toMatchObject({ monto_sin_impuesto: '967.50', monto_con_impuesto: '1141.65', version: 1 });
    expect(body.data.codigo).toMatch(new RegExp(`^\\d{6}-CC-PL-01-OC-${YEAR}$`));
    expect(body.data.codigo).toBe(`${String(body.data.numero).padStart(6, '0')}-CC-PL-01-OC-${YEAR}`);
    id = body.data.id_orden;

    const d = (await detail(id)).json().data;
    expect(d).toMatchObject({
      id_orden: id, codigo: body.data.codigo, tipo_orden: 1, es_importacion: 0, pais: null, anio: YEAR,
      centro_costo: { id_centro_costo: ids.ccPl01, codigo: 'CC-PL-01' },
      proveedor: { id_proveedor: ids.pve },
      moneda: { id_moneda: 1, simbolo: 'S/' },
      condicion_comercial: { id_condicion: 2 },
      metodo_pago: { id_metodo: 1 },
      tipo_documento: { id_tipo_documento: 1 },
      fecha_pago: '2026-12-15',
      logistica: { id_usuario: ids.logistica, nombre: 'Jorge' },
      registrador: { id_usuario: ids.logistica },
      gerencia: { id_usuario: ids.gerencia },
      descuento: '10.0000', tipo_descuento: 1, ord_porcentaje_adelanto: null,
      monto_sin_impuesto: '967.50', monto_con_impuesto: '1141.65',
      estado: { id_orden_estado: 1, descripcion: 'Creado', es_editable: true },
      es_editable: true,
      pei_id: null,
    });
    expect(d.orden_items).toHaveLength(2);
    expect(d.orden_items[0]).toMatchObject({ oci_orden: 1, descripcion: 'Cemento Portland tipo I', cantidad: '4.0000', precio_unitario: '250.0000', importe: '1000.00', marca: { id_marca: ids.marca } });
    // A product line without description takes the product's name; brand 0 is none (a dash).
    expect(d.orden_items[1]).toMatchObject({ oci_orden: 2, importe: '75.00', marca: { id_marca: 0, descripcion: '-' }, producto_variacion: { id_producto_variacion: ids.producto } });
    expect(d.orden_items[1].descripcion).toBe(d.orden_items[1].producto_variacion.nombre);
    expect(d.orden_impuestos).toEqual([
      expect.objectContaining({ ori_tipo: 1, valor: '0.180000', valor_aplicado: '174.15' }),
      expect.objectContaining({ ori_tipo: 3, valor: '0.000000', valor_aplicado: '0.00' }),
    ]);
  });

  it('numbers service orders on their own series and applies default taxes when none are sent', async () => {
    const res = await call('register-orden', order({
      tipo_orden: 2, orden_impuestos: undefined, tipo_documento: { id_tipo_documento: 6 }, descuento: 0,
      orden_items: [{ descripcion: 'Ensayo de compresión de probetas', unidad: { id_unidad: ids.unidad }, cantidad: 10, precio_unitario: 100 }],
    }));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.codigo).toBe(`000001-CC-PL-01-OS-${YEAR}`);
    // 1000 + IGV 180 − Retención 0.08 × 1000 × 1.18 = 94.40 → 1085.60.
    expect(data.monto_con_impuesto).toBe('1085.60');
    const d = (await detail(data.id_orden)).json().data;
    expect(d.orden_impuestos.map((t: { ori_tipo: number; valor_aplicado: string }) => [t.ori_tipo, t.valor_aplicado])).toEqual([[1, '180.00'], [4, '-94.40']]);
  });

  it('keeps the country and FOB prices of an import and the fixed percentage of an advance condition', async () => {
    const res = await call('register-orden', order({
      es_importacion: 1, pais: { id_pais: 2 }, condicion_comercial: { id_condicion: 3 }, metodo_pago: { id_metodo: 2 }, carta_credito: 'LC-2026-77',
      orden_items: [{ descripcion: 'Paletas mezcladoras', unidad: { id_unidad: ids.unidad }, cantidad: 2, precio_unitario: '1500', precio_fob: '1200.5' }],
      orden_impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }, { descripcion: 'Ad. Valorem', valor: '0.11', ori_tipo: 5 }],
    }));
    expect(res.statusCode).toBe(200);
    const d = (await detail(res.json().data.id_orden)).json().data;
    expect(d).toMatchObject({ es_importacion: 1, pais: { id_pais: 2 }, carta_credito: 'LC-2026-77', ord_porcentaje_adelanto: '50.00' });
    expect(d.orden_items[0].precio_fob).toBe('1200.5000');
  });

  it('stores a discount typed with a decimal comma', async () => {
    const res = await call('register-orden', order({ descuento: '10,5', orden_items: [{ descripcion: 'Aditivo', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 200 }] }));
    expect(res.statusCode).toBe(200);
    // 200 − 10.5% (21.00) = 179.00; IGV 32.22; total 211.22.
    expect(res.json().data).toMatchObject({ monto_sin_impuesto: '179.00', monto_con_impuesto: '211.22' });
    expect((await detail(res.json().data.id_orden)).json().data.descuento).toBe('10.5000');
  });

  it('answers the spec messages for missing fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ centro_costo: undefined }, 'El campo es requerido'],
      [{ proveedor: { id_proveedor: null } }, 'El campo es requerido'],
      [{ tipo_orden: 3 }, 'El campo es requerido'],
      [{ moneda: undefined }, 'El campo es requerido'],
      [{ condicion_comercial: undefined }, 'El campo es requerido'],
      [{ lugar_entrega: '  ' }, 'El campo es requerido'],
      [{ tipo_documento: undefined }, 'El campo es requerido'],
      [{ metodo_pago: undefined }, 'El campo es requerido'],
      [{ fecha_pago: '' }, 'El campo es requerido'],
      [{ fecha_pago: '2026-02-30' }, 'Ingrese una fecha válida (AAAA-MM-DD)'],
      [{ contabilidad: undefined }, 'El campo es requerido'],
      [{ administrador: undefined }, 'El campo es requerido'],
      [{ gerencia: {} }, 'El campo es requerido'],
      [{ referencia: '' }, 'El campo es requerido'],
      [{ metodo_pago: { id_metodo: 2 }, carta_credito: '' }, 'El campo es requerido'],
      [{ es_importacion: 1 }, 'El campo es requerido'],
      [{ condicion_comercial: { id_condicion: 5 } }, 'El campo es requerido'],
      [{ condicion_comercial: { id_condicion: 5 }, ord_porcentaje_adelanto: 120 }, 'El porcentaje de adelanto debe ser mayor que 0 y como máximo 100, con hasta 2 decimales'],
      [{ orden_items: [] }, 'Ingrese al menos un producto'],
      [{ orden_items: undefined }, 'Ingrese al menos un producto'],
      [{ orden_items: [{ descripcion: 'x', cantidad: 1, precio_unitario: 1 }] }, 'El campo es requerido'],
      [{ orden_items: [{ descripcion: 'x', unidad: { id_unidad: ids.unidad }, precio_unitario: 1 }] }, 'El campo es requerido'],
      [{ orden_items: [{ descripcion: 'x', unidad: { id_unidad: ids.unidad }, cantidad: 1 }] }, 'El campo es requerido'],
      [{ orden_items: [{ descripcion: 'x', unidad: { id_unidad: ids.unidad }, cantidad: 0, precio_unitario: 1 }] }, 'La cantidad debe ser mayor que 0'],
      [{ orden_items: [{ unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1 }] }, 'El campo es requerido'],
      [{ tipo_orden: 2, orden_impuestos: undefined, orden_items: [{ producto_variacion: { id_producto_variacion: ids.producto }, unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1 }] }, 'El campo es requerido'],
      [{ es_importacion: 1, pais: { id_pais: 2 }, orden_items: [{ descripcion: 'x', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1 }] }, 'El campo es requerido'],
      [{ tipo_orden: 2, es_importacion: 1, orden_impuestos: undefined }, 'Una orden de servicio no puede ser de importación'],
      [{ orden_items: [
        { producto_variacion: { id_producto_variacion: ids.producto }, unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1 },
        { producto_variacion: { id_producto_variacion: ids.producto }, unidad: { id_unidad: ids.unidad }, cantidad: 2, precio_unitario: 1 },
      ] }, 'El producto ya fue agregado a la orden'],
      [{ orden_impuestos: [{ descripcion: 'Detracción', valor: '0.12', ori_tipo: 2 }] }, 'El impuesto Detracción no corresponde a este tipo de orden'],
      [{ tipo_descuento: 2, descuento: 5000 }, 'El descuento no puede ser mayor que el subtotal'],
    ];
    for (const [over, expected] of cases) {
      const r = await message(order(over));
      expect({ over, ...r }).toEqual({ over, status: 400, message: expected });
    }
  });

  it('refuses unknown or inactive references and too large amounts', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ proveedor: { id_proveedor: ids.pveInactivo } }, 400, 'El proveedor no existe o no está activo'],
      [{ centro_costo: { id_centro_costo: ids.ccMf04 } }, 400, 'El centro de costo no existe o no está activo'],
      [{ centro_costo: { id_centro_costo: 999999 } }, 404, 'No se encontró el centro de costo'],
      [{ moneda: { id_moneda: 99 } }, 400, 'La moneda seleccionada no existe'],
      [{ gerencia: { id_usuario: 999999 } }, 400, 'El usuario seleccionado no existe o no está activo'],
      // Each signer must hold the role of its slot (SUPER may sign any).
      [{ gerencia: { id_usuario: ids.logistica } }, 400, 'El usuario elegido para gerencia no tiene ese rol'],
      [{ contabilidad: { id_usuario: ids.gerencia } }, 400, 'El usuario elegido para contabilidad no tiene ese rol'],
      [{ administrador: { id_usuario: ids.contabilidad } }, 400, 'El usuario elegido para administración no tiene ese rol'],
      [{ orden_items: [{ descripcion: 'x', unidad: { id_unidad: 999999 }, cantidad: 1, precio_unitario: 1 }] }, 400, 'La unidad seleccionada no existe'],
      [{ orden_items: [{ producto_variacion: { id_producto_variacion: 999999 }, unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 1 }] }, 400, 'El producto seleccionado no existe'],
      [{ orden_items: [{ descripcion: 'x', unidad: { id_unidad: ids.unidad }, cantidad: '9999999999', precio_unitario: '9999999999' }] }, 400, 'Los importes de la orden son demasiado grandes'],
    ];
    for (const [over, status, expected] of cases) {
      expect({ over, ...(await message(order(over))) }).toEqual({ over, status, message: expected });
    }
    // Refused registrations give their number back: the next order takes the next number.
    const before = (await call('get-orden-list', { tipo: 1, length: 1 })).json().data.data[0].codigo;
    const next = (await call('register-orden', order())).json().data.codigo;
    expect(Number(next.slice(0, 6))).toBe(Number(before.slice(0, 6)) + 1);
  });

  it('limits a project user to cost centres and orders of their project', async () => {
    const estandar = await ctx.auth('estandar@andina.pe');
    expect((await call('register-orden', order(), estandar)).statusCode).toBe(404);
    const own = await call('register-orden', order({ centro_costo: { id_centro_costo: ids.ccMf01 } }), estandar);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.codigo).toMatch(/-CC-MF-01-OC-/);
    expect((await detail(id, estandar)).statusCode).toBe(404);
    expect((await detail(own.json().data.id_orden, estandar)).statusCode).toBe(200);
    const list = (await call('get-orden-list', { length: 100 }, estandar)).json().data;
    expect(list.total).toBe(1);
    expect(list.data[0].id_orden).toBe(own.json().data.id_orden);
    const upd = await call('update-orden', { ...order(), id_orden: id, version: 1 }, estandar);
    expect(upd.statusCode).toBe(404);
    // Moving its own order to another project's cost centre is refused too.
    const move = await call('update-orden', { ...order(), id_orden: own.json().data.id_orden, version: 1 }, estandar);
    expect(move.statusCode).toBe(404);
  });

  it('lets VISUALIZADOR read but not register, and flags nothing editable for it', async () => {
    const viewer = await ctx.auth(VIEWER);
    expect((await call('register-orden', order(), viewer)).statusCode).toBe(403);
    const d = await detail(id, viewer);
    expect(d.statusCode).toBe(200);
    expect(d.json().data.es_editable).toBe(false);
    expect(d.json().data.estado.es_editable).toBe(true);
    expect((await call('get-orden-list', {}, viewer)).json().data.data.every((r: { es_editable: boolean }) => !r.es_editable)).toBe(true);
  });

  it('answers 404 for an order that does not exist and 400 without the header', async () => {
    expect((await detail(999999)).statusCode).toBe(404);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/orden/get-orden-detail', headers: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El campo es requerido');
  });

  describe('update-orden', () => {
    it('replaces lines and taxes, recomputes totals and moves the version', async () => {
      const res = await call('update-orden', order({
        id_orden: id, version: 1, centro_costo: { id_centro_costo: ids.ccPl02 }, proveedor: { id_proveedor: ids.pve2 }, descuento: 0,
        orden_items: [{ descripcion: 'Arena gruesa', unidad: { id_unidad: ids.unidad }, cantidad: '10', precio_unitario: '45.5' }],
        orden_impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }],
      }));
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Se actualizó con éxito la orden');
      // 455.00 + IGV 81.90 = 536.90; the code keeps its number and takes the new cost centre.
      expect(res.json().data).toMatchObject({ version: 2, monto_sin_impuesto: '455.00', monto_con_impuesto: '536.90' });
      expect(res.json().data.codigo).toMatch(new RegExp(`^\\d{6}-CC-PL-02-OC-${YEAR}$`));
      const d = (await detail(id)).json().data;
      expect(d).toMatchObject({ version: 2, proveedor: { id_proveedor: ids.pve2 }, centro_costo: { codigo: 'CC-PL-02' }, registrador: { id_usuario: ids.logistica } });
      expect(d.orden_items).toHaveLength(1);
      expect(d.orden_impuestos).toHaveLength(1);

      // The audit screen shows who changed what, before and after (issue 26).
      const codigo = res.json().data.codigo as string;
      const audit = await ctx.app.inject({ method: 'POST', url: '/api/auditoria/buscar', headers: admin, payload: { auditoria: { documento: codigo } } });
      expect(audit.statusCode).toBe(200);
      const [cambio] = audit.json().data.page.list as { aud_accion: string; aud_documento: string; usuario: string; aud_detalle: { cambios: { campo: string; antes: unknown; despues: unknown }[] } }[];
      expect(cambio).toMatchObject({ aud_accion: 'cambio', aud_documento: codigo, usuario: 'Administrador del Sistema' });
      const campos = Object.fromEntries(cambio.aud_detalle.cambios.map((c) => [c.campo, [c.antes, c.despues]]));
      expect(campos.centro_costo).toEqual(['CC-PL-01', 'CC-PL-02']);
      expect(campos.monto_sin_impuesto[1]).toBe('455.00');
      expect(campos.lineas[1]).toEqual(['1. Arena gruesa × 10 a 45.5']);
      expect(campos).not.toHaveProperty('moneda');
    });

    it('refuses a stale version, a type change and a missing version', async () => {
      const stale = await message(order({ id_orden: id, version: 1 }), 'update-orden');
      expect(stale).toEqual({ status: 409, message: 'El registro fue modificado por otro usuario, vuelva a cargarlo' });
      const tipo = await message(order({ id_orden: id, version: 2, tipo_orden: 2, orden_impuestos: undefined, orden_items: [{ descripcion: 'Servicio', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 10 }] }), 'update-orden');
      expect(tipo).toEqual({ status: 400, message: 'El tipo de orden no se puede modificar' });
      expect(await message(order({ id_orden: id }), 'update-orden')).toEqual({ status: 400, message: 'Debe indicar la versión leída de la orden' });
      expect((await message(order({ id_orden: 999999, version: 1 }), 'update-orden')).status).toBe(404);
      expect((await detail(id)).json().data.version).toBe(2);
    });

    it('refuses to edit an order whose state is not editable', async () => {
      await selectRows(ctx.deps.database.db, sql`update orden set ore_id = 2 where ord_id = ${id}`);
      const res = await message(order({ id_orden: id, version: 2 }), 'update-orden');
      expect(res).toEqual({ status: 409, message: 'No tiene los permisos para editar esta orden' });
      const d = (await detail(id)).json().data;
      expect(d).toMatchObject({ es_editable: false, estado: { id_orden_estado: 2, es_editable: false }, monto_con_impuesto: '536.90' });
    });
  });
});

describe('get-orden-list', () => {
  let mine: number[] = [];

  beforeAll(async () => {
    // Orders of the second supplier and credit condition 6 (caja chica), for the filters.
    mine = [];
    for (let i = 0; i < 3; i++) {
      const r = await call('register-orden', order({ proveedor: { id_proveedor: ids.pve2 }, condicion_comercial: { id_condicion: 6 }, referencia: `Filtro lista ${i}` }));
      mine.push(r.json().data.id_orden);
    }
  });

  it('filters by type, status, condition, supplier and search, newest first', async () => {
    const all = (await call('get-orden-list', { length: 100 })).json().data;
    expect(all.total).toBe(all.data.length);
    expect(all.data.map((r: { id_orden: number }) => r.id_orden)).toEqual([...all.data.map((r: { id_orden: number }) => r.id_orden)].sort((a, b) => b - a));
    expect(all.data[0]).toMatchObject({ tipo_orden: 1, estado: 'Creado', id_orden_estado: 1, condicion_comercial: 'Caja chica', mon_simbolo: 'S/', es_editable: true, creado_por: 'Administrador del Sistema' });

    const servicios = (await call('get-orden-list', { tipo: 2, length: 100 })).json().data;
    expect(servicios.total).toBe(1);
    expect(servicios.data[0].codigo).toMatch(/-OS-/);

    const aprobadas = (await call('get-orden-list', { status: 2 })).json().data;
    expect(aprobadas.total).toBe(1);

    const caja = (await call('get-orden-list', { coc_id: 6, length: 100 })).json().data;
    expect(caja.data.map((r: { id_orden: number }) => r.id_orden).sort()).toEqual([...mine].sort());

    const pve = (await call('get-orden-list', { proveedores: [ids.pve2], length: 100 })).json().data;
    expect(pve.data.every((r: { id_proveedor: number }) => r.id_proveedor === ids.pve2)).toBe(true);
    expect(pve.total).toBe(4); // the three above and the order moved to this supplier by the update

    const search = (await call('get-orden-list', { search: 'FILTRO LISTA 1' })).json().data;
    expect(search.total).toBe(1);
    expect(search.data[0].referencia).toBe('Filtro lista 1');
    const byCode = (await call('get-orden-list', { search: search.data[0].codigo })).json().data;
    expect(byCode.data.map((r: { id_orden: number }) => r.id_orden)).toEqual([search.data[0].id_orden]);

    expect((await call('get-orden-list', { year: YEAR - 1 })).json().data).toEqual({ data: [], total: 0, total_exacto: true });
  });

  it('pages in SQL', async () => {
    const all = (await call('get-orden-list', { length: 100 })).json().data;
    const page1 = (await call('get-orden-list', { start: 0, length: 2 })).json().data;
    const page2 = (await call('get-orden-list', { start: 2, length: 2 })).json().data;
    expect(page1.total).toBe(all.total);
    expect(page1.data).toHaveLength(2);
    expect([...page1.data, ...page2.data].map((r: { id_orden: number }) => r.id_orden)).toEqual(all.data.slice(0, 4).map((r: { id_orden: number }) => r.id_orden));
    expect((await call('get-orden-list', {})).json().data.data).toHaveLength(Math.min(10, all.total));
  });

  it('moves to the next page by key, without counting again, and refuses a key it did not give', async () => {
    const ids = (rows: { id_orden: number }[]) => rows.map((r) => r.id_orden);
    const all = (await call('get-orden-list', { length: 100 })).json().data;
    const page1 = (await call('get-orden-list', { start: 0, length: 2 })).json().data;
    expect(page1.total_exacto).toBe(true);
    const page2 = (await call('get-orden-list', { start: 2, length: 2, despues: page1.siguiente, contar: false })).json().data;
    expect(ids(page2.data)).toEqual(ids(all.data.slice(2, 4)));
    expect(page2.total_exacto).toBe(false);
    // A new order (newest, so first) does not push page 1's last row onto the next page.
    await call('register-orden', order({ referencia: 'Después de la página 1' }));
    const next = (await call('get-orden-list', { start: 2, length: 2, despues: page1.siguiente, contar: false })).json().data;
    expect(ids(next.data)).toEqual(ids(page2.data));
    expect((await call('get-orden-list', { exacto: true })).json().data).toMatchObject({ total: all.total + 1, total_exacto: true });
    const bad = await call('get-orden-list', { despues: 'no-es-una-clave' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La página pedida no es válida; vuelva a la primera página');
  });
});

describe('numbering under concurrency', () => {
  it('gives 50 concurrent registrations the numbers 1..50 of a fresh series, without gaps or repeats', async () => {
    // A fresh series: service orders of next year (the service takes the instant it numbers for).
    const profile = (await loadProfileById(ctx.deps.database.db, ids.logistica))!;
    const nextYear = new Date(Date.UTC(YEAR + 1, 5, 1));
    const input = OrdenSave.parse(order({ tipo_orden: 2, orden_impuestos: undefined, orden_items: [{ descripcion: 'Servicio', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 10 }] }));
    const results = await Promise.all(Array.from({ length: 50 }, () => register(ctx.deps, profile, input, nextYear)));
    expect(results.map((r) => r.numero).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.codigo)).size).toBe(50);
    expect(results.every((r) => r.codigo === `${String(r.numero).padStart(6, '0')}-CC-PL-01-OS-${YEAR + 1}`)).toBe(true);
  });

  it('numbers 20 concurrent HTTP registrations consecutively', async () => {
    const before = (await call('get-orden-list', { tipo: 1, length: 1 })).json().data.data[0].codigo;
    const start = Number(before.slice(0, 6));
    const res = await Promise.all(Array.from({ length: 20 }, () => call('register-orden', order())));
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    const numbers = res.map((r) => r.json().data.numero).sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => start + i + 1));
  });
});
