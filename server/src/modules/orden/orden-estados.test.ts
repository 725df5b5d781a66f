import { ORDEN_ESTADOS } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

type Auth = { authorization: string };
let ctx: TestContext;
const u = {} as Record<'admin' | 'logistica' | 'gerencia' | 'contabilidad' | 'tesoreria' | 'viewer' | 'administrador', Auth>;
const ids = { cc: 0, pve: 0, unidad: 0, gerencia: 0, contabilidad: 0, adminUser: 0 };
const ALL = ORDEN_ESTADOS.map((e) => e.ore_id);
const nombre = (id: number) => ORDEN_ESTADOS.find((e) => e.ore_id === id)!.ore_descripcion;

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  // inventario@andina.pe also gets ADMINISTRADOR: a non-SUPER user who may restart orders.
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 1 from usuario where usu_correo = 'inventario@andina.pe'`);
  for (const [k, correo] of [['admin', ADMIN], ['logistica', 'logistica@andina.pe'], ['gerencia', 'gerencia@andina.pe'], ['contabilidad', 'contabilidad@andina.pe'],
    ['tesoreria', 'tesoreria@andina.pe'], ['viewer', VIEWER], ['administrador', 'inventario@andina.pe']] as const) {
    u[k] = await ctx.auth(correo);
  }
  ids.cc = (await one<{ id: number }>(sql`select cec_id as id from centro_costo where cec_codigo = 'CC-PL-01'`)).id;
  ids.pve = (await one<{ id: number }>(sql`select pve_id as id from proveedor where pve_es_activo order by pve_id limit 1`)).id;
  ids.unidad = (await one<{ id: number }>(sql`select unm_id as id from unidad_medida order by unm_id limit 1`)).id;
  const usu = async (correo: string) => (await one<{ id: number }>(sql`select usu_id as id from usuario where usu_correo = ${correo}`)).id;
  ids.gerencia = await usu('gerencia@andina.pe');
  ids.contabilidad = await usu('contabilidad@andina.pe');
  ids.adminUser = await usu(ADMIN);
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Auth, idOrden?: number) =>
  ctx.app.inject({ method: 'POST', url: `/api/orden/${url}`, headers: { ...headers, ...(idOrden ? { idOrden: String(idOrden) } : {}) }, payload: payload as object });
const approve = (id: number, target: number, who: Auth) => post('approve', { id_orden_estado: target }, who, id);
const pay = (id: number, who: Auth) => post('pay', {}, who, id);
const anular = (id: number, who: Auth) => post('delete-orden', { id_orden: id }, who);
const updateStatus = (id: number, target: number, descripcion: string, who: Auth) => post('update-status', { id_orden_estado: target, descripcion }, who, id);
const restart = (id: number, codigo: string, who: Auth) => post('restart', { id_orden: id, codigo }, who);
const detail = async (id: number) => (await post('get-orden-detail', {}, u.admin, id)).json().data;
const state = async (id: number) => Number((await one<{ ore_id: number }>(sql`select ore_id from orden where ord_id = ${id}`)).ore_id);
const setState = (id: number, ore: number) => rows(sql`update orden set ore_id = ${ore} where ord_id = ${id}`);

/** Registers an order through the register call (as logistics) and returns id and code. */
async function newOrder(over: Record<string, unknown> = {}) {
  const res = await post('register-orden', {
    tipo_orden: 1, es_importacion: 0,
    centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
    contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.adminUser }, gerencia: { id_usuario: ids.gerencia },
    referencia: 'Prueba de estados', descuento: 0, tipo_descuento: 1,
    orden_items: [{ descripcion: 'Cemento', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 100 }],
    ...over,
  }, u.logistica);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id_orden: number; codigo: string };
}
const importOrder = () => newOrder({
  es_importacion: 1, pais: { id_pais: 2 },
  orden_items: [{ descripcion: 'Paletas', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 100, precio_fob: 80 }],
  orden_impuestos: [{ descripcion: 'IGV', valor: '0.18', ori_tipo: 1 }],
});
const expectRefused = (res: { statusCode: number; json(): { status: string; message: string } }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status: 'error', message });
};

describe('approve', () => {
  it('creado → aprobación gerencia → emitido, recording approvers and history', async () => {
    const { id_orden: id } = await newOrder();
    const r1 = await approve(id, 2, u.gerencia);
    expect(r1.statusCode).toBe(200);
    expect(r1.json()).toMatchObject({ status: 'success', message: 'Se aprobó la Orden', data: { id_orden: id, estado: { id_orden_estado: 2, descripcion: 'Aprobación Gerencia' }, version: 2 } });
    let d = await detail(id);
    expect(d.aprobacion_gerencia).toMatchObject({ usuario: { id_usuario: ids.gerencia, nombre: 'Carlos' } });
    expect(d.aprobacion_gerencia.fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(d.aprobacion_contabilidad).toBeNull();
    expect(d.es_editable).toBe(false);

    const r2 = await approve(id, 3, u.contabilidad);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().data.estado).toEqual({ id_orden_estado: 3, descripcion: 'Emitido' });
    d = await detail(id);
    expect(d.estado.id_orden_estado).toBe(3);
    expect(d.aprobacion_contabilidad).toMatchObject({ usuario: { id_usuario: ids.contabilidad } });
    expect(d.historial.map((h: { desde: { id_orden_estado: number } | null; hasta: { id_orden_estado: number } }) => [h.desde?.id_orden_estado ?? null, h.hasta.id_orden_estado]))
      .toEqual([[null, 1], [1, 2], [2, 3]]);
    expect(d.historial[1]).toMatchObject({ usuario: { id_usuario: ids.gerencia }, comentario: '', hasta: { descripcion: 'Aprobación Gerencia' } });
  });

  it('refuses the management approval outside creado and the accounting one outside aprobación gerencia (409)', async () => {
    const { id_orden: id } = await newOrder();
    for (const from of ALL) {
      await setState(id, from);
      if (from !== 1) expectRefused(await approve(id, 2, u.admin), 409, `No se puede aprobar (Gerencia) una orden en estado ${nombre(from)}`);
      if (from !== 2) expectRefused(await approve(id, 3, u.admin), 409, `No se puede aprobar (Contabilidad) una orden en estado ${nombre(from)}`);
      expect(await state(id)).toBe(from);
    }
  });

  it('refuses a target that is not an approval (409)', async () => {
    const { id_orden: id } = await newOrder();
    for (const target of [0, 1, 4, 5, 6, 11, 99]) expectRefused(await approve(id, target, u.admin), 409, 'El estado indicado no corresponde a una aprobación');
    expect(await state(id)).toBe(1);
  });

  it('needs the option of each approval (403) and is refused to VISUALIZADOR', async () => {
    const { id_orden: id } = await newOrder();
    for (const who of [u.logistica, u.contabilidad, u.tesoreria, u.administrador]) expectRefused(await approve(id, 2, who), 403, 'No tiene permisos para realizar esta operación');
    expectRefused(await approve(id, 2, u.viewer), 403, 'Tu rol solo permite consultar información');
    await setState(id, 2);
    for (const who of [u.logistica, u.gerencia, u.tesoreria]) expectRefused(await approve(id, 3, who), 403, 'No tiene permisos para realizar esta operación');
    expect(await state(id)).toBe(2);
  });

  it('answers 404 for an unknown order and 400 without the target', async () => {
    expectRefused(await approve(999999, 2, u.gerencia), 404, 'No se encontró la orden');
    const { id_orden: id } = await newOrder();
    expect((await post('approve', {}, u.gerencia, id)).statusCode).toBe(400);
  });
});

describe('approve/pending and approve/massive', () => {
  it('lists creado orders naming the caller as gerencia, all of them for SUPER, and aprobación gerencia for accounting', async () => {
    const mine = await newOrder();
    const other = await newOrder({ gerencia: { id_usuario: ids.adminUser } });
    const second = await newOrder();
    await setState(second.id_orden, 2);
    const list = async (who: Auth) => {
      const res = await post('approve/pending', { start: 0, length: 100 }, who);
      expect(res.statusCode).toBe(200);
      return res.json().data as { data: { id_orden: number; codigo: string; aprobacion: string }[]; total: number };
    };
    const g = await list(u.gerencia);
    expect(g.data.map((r) => r.id_orden)).toContain(mine.id_orden);
    expect(g.data.map((r) => r.id_orden)).not.toContain(other.id_orden);
    expect(g.data.map((r) => r.id_orden)).not.toContain(second.id_orden);
    expect(g.data.find((r) => r.id_orden === mine.id_orden)).toMatchObject({ codigo: mine.codigo, aprobacion: 'aprobar_gerencia' });
    const a = await list(u.admin);
    expect(a.data.map((r) => r.id_orden)).toEqual(expect.arrayContaining([mine.id_orden, other.id_orden, second.id_orden]));
    const c = await list(u.contabilidad);
    expect(c.data.map((r) => r.id_orden)).toContain(second.id_orden);
    expect(c.data.every((r) => r.aprobacion === 'aprobar_contabilidad')).toBe(true);
    expect(await list(u.logistica)).toEqual({ data: [], total: 0, total_exacto: true });
    // No body at all is a first page.
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/orden/approve/pending', headers: u.gerencia });
    expect(bare.statusCode, bare.body).toBe(200);
    const paged = (await post('approve/pending', { start: 0, length: 1 }, u.admin)).json().data;
    expect(paged.data).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(3);
  });

  it('approves several orders at once, ids or {id_orden} rows', async () => {
    const a = await newOrder();
    const b = await newOrder();
    const res = await post('approve/massive', [a.id_orden, { id_orden: b.id_orden }], u.gerencia);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Se aprobaron las órdenes');
    expect([await state(a.id_orden), await state(b.id_orden)]).toEqual([2, 2]);
    const res2 = await post('approve/massive', [a.id_orden, b.id_orden], u.contabilidad);
    expect(res2.statusCode).toBe(200);
    expect([await state(a.id_orden), await state(b.id_orden)]).toEqual([3, 3]);
  });

  it('is all or nothing: one order the caller cannot approve refuses the whole batch', async () => {
    const a = await newOrder();
    const b = await newOrder();
    await setState(b.id_orden, 3);
    const res = await post('approve/massive', [a.id_orden, b.id_orden, 999999], u.gerencia);
    expectRefused(res, 409, 'Hubo un error al aprobar las órdenes');
    expect(res.json().data).toEqual([
      { id_orden: b.id_orden, codigo: b.codigo, message: 'Una orden en estado Emitido no espera aprobación' },
      { id_orden: 999999, codigo: null, message: 'No se encontró la orden' },
    ]);
    expect(await state(a.id_orden)).toBe(1);
    // An order waiting for accounting is refused to management.
    await setState(b.id_orden, 2);
    const res2 = await post('approve/massive', [a.id_orden, b.id_orden], u.gerencia);
    expectRefused(res2, 409, 'Hubo un error al aprobar las órdenes');
    expect(res2.json().data).toEqual([{ id_orden: b.id_orden, codigo: b.codigo, message: 'No se puede aprobar (Contabilidad) una orden en estado Aprobación Gerencia' }]);
    expect(await state(a.id_orden)).toBe(1);
    expect((await post('approve/massive', [], u.gerencia)).statusCode).toBe(400);
    expectRefused(await post('approve/massive', [a.id_orden], u.viewer), 403, 'Tu rol solo permite consultar información');
  });
});

describe('pay', () => {
  it('pays an emitido order of any condition with pagar_orden_compra', async () => {
    for (const coc of [1, 2, 5]) {
      const { id_orden: id } = await newOrder({ condicion_comercial: { id_condicion: coc }, ...(coc === 5 ? { ord_porcentaje_adelanto: 30 } : {}) });
      await setState(id, 3);
      const res = await pay(id, u.tesoreria);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Se pago la Orden', data: { estado: { id_orden_estado: 4, descripcion: 'Pagado' } } });
    }
  });

  it('pays from aprobación gerencia only contado or caja chica', async () => {
    for (const coc of [1, 6]) {
      const { id_orden: id } = await newOrder({ condicion_comercial: { id_condicion: coc } });
      await setState(id, 2);
      expect((await pay(id, u.tesoreria)).statusCode).toBe(200);
      expect(await state(id)).toBe(4);
    }
    const { id_orden: id } = await newOrder();
    await setState(id, 2);
    expectRefused(await pay(id, u.tesoreria), 409, 'Solo una orden al contado o de caja chica puede pagarse antes de ser emitida');
  });

  it('refuses every other state (409) and callers without the option (403)', async () => {
    const { id_orden: id } = await newOrder({ condicion_comercial: { id_condicion: 1 } });
    for (const from of ALL.filter((s) => s !== 2 && s !== 3)) {
      await setState(id, from);
      expectRefused(await pay(id, u.admin), 409, `No se puede pagar una orden en estado ${nombre(from)}`);
    }
    await setState(id, 3);
    for (const who of [u.logistica, u.gerencia, u.contabilidad]) expectRefused(await pay(id, who), 403, 'No tiene permisos para realizar esta operación');
    expectRefused(await pay(id, u.viewer), 403, 'Tu rol solo permite consultar información');
    expect(await state(id)).toBe(3);
  });
});

describe('delete-orden (anular)', () => {
  it('cancels from every state without stock or payments', async () => {
    for (const from of [1, 2, 3, 6, 7, 8, 9, 10]) {
      const { id_orden: id } = await newOrder();
      await setState(id, from);
      const res = await anular(id, u.logistica);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Se anulo la orden', data: { estado: { id_orden_estado: 11, descripcion: 'Anulado' } } });
      expect((await detail(id)).historial.at(-1)).toMatchObject({ desde: { id_orden_estado: from }, hasta: { id_orden_estado: 11 } });
    }
  });

  it('refuses anulado, and with the DECISIONS §4 text once stock entered or something was paid', async () => {
    const { id_orden: id } = await newOrder();
    await setState(id, 11);
    expectRefused(await anular(id, u.admin), 409, 'La orden ya está anulada');
    for (const from of [4, 5, 12, 13]) {
      await setState(id, from);
      expectRefused(await anular(id, u.admin), 409, 'La orden tiene ingresos o pagos registrados y no puede anularse');
      expect(await state(id)).toBe(from);
    }
  });

  it('is refused to VISUALIZADOR and answers 404 for an unknown order', async () => {
    const { id_orden: id } = await newOrder();
    expectRefused(await anular(id, u.viewer), 403, 'Tu rol solo permite consultar información');
    expectRefused(await anular(999999, u.admin), 404, 'No se encontró la orden');
    expect(await state(id)).toBe(1);
  });
});

describe('update-status (import)', () => {
  it('moves an import order from emitido through import states, keeping the comment', async () => {
    const { id_orden: id } = await importOrder();
    await setState(id, 3);
    const res = await updateStatus(id, 6, '  Pedido en fabricación ', u.logistica);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Se actualizó el estado de la orden', data: { estado: { id_orden_estado: 6, descripcion: 'Fábrica' } } });
    for (const to of [7, 8, 9, 10, 8]) expect((await updateStatus(id, to, 'Avance', u.logistica)).statusCode).toBe(200);
    const d = await detail(id);
    expect(d.estado.id_orden_estado).toBe(8);
    expect(d.historial.filter((h: { comentario: string }) => h.comentario === 'Pedido en fabricación')).toHaveLength(1);
  });

  it('refuses the same state, a non-import order, and states outside emitido/import (409)', async () => {
    const { id_orden: id } = await importOrder();
    await setState(id, 7);
    expectRefused(await updateStatus(id, 7, 'x', u.logistica), 409, 'El nuevo estado debe ser distinto del actual');
    for (const from of ALL.filter((s) => s !== 3 && !(s >= 6 && s <= 10))) {
      await setState(id, from);
      expectRefused(await updateStatus(id, 6, 'x', u.logistica), 409, `No se puede actualizar el estado de importación de una orden en estado ${nombre(from)}`);
    }
    const local = await newOrder();
    await setState(local.id_orden, 3);
    expectRefused(await updateStatus(local.id_orden, 6, 'x', u.logistica), 409, 'Solo una orden de importación tiene estados de importación');
  });

  it('needs an import state and a comment (400), and is refused to VISUALIZADOR', async () => {
    const { id_orden: id } = await importOrder();
    await setState(id, 3);
    for (const to of [1, 3, 4, 11]) {
      expectRefused(await updateStatus(id, to, 'x', u.logistica), 400,
        'Seleccione un estado de importación: Fábrica, Puerto Origen, Tránsito, Puerto Destino o Almacén Aduana');
    }
    expectRefused(await updateStatus(id, 6, '   ', u.logistica), 400, 'El campo es requerido');
    expectRefused(await updateStatus(id, 6, 'x', u.viewer), 403, 'Tu rol solo permite consultar información');
    expect(await state(id)).toBe(3);
  });
});

describe('restart', () => {
  it('returns the order to creado and clears approvals (SUPER and ADMINISTRADOR)', async () => {
    for (const who of [u.admin, u.administrador]) {
      const { id_orden: id, codigo } = await newOrder();
      await approve(id, 2, u.gerencia);
      await approve(id, 3, u.contabilidad);
      const res = await restart(id, codigo.toLowerCase(), who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: 'Se reinicio la orden', data: { estado: { id_orden_estado: 1 } } });
      const d = await detail(id);
      expect(d).toMatchObject({ estado: { id_orden_estado: 1 }, es_editable: true, aprobacion_gerencia: null, aprobacion_contabilidad: null });
      expect(d.historial.at(-1)).toMatchObject({ desde: { id_orden_estado: 3 }, hasta: { id_orden_estado: 1 }, comentario: 'Reinicio' });
      // And it can go through the approvals again.
      expect((await approve(id, 2, u.gerencia)).statusCode).toBe(200);
    }
  });

  it('works in the path form of DECISIONS §4 and restarts an anulado order', async () => {
    const { id_orden: id, codigo } = await newOrder();
    await setState(id, 11);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/orden/restart/${id}?code=${encodeURIComponent(codigo)}`, headers: u.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(await state(id)).toBe(1);
  });

  it('refuses another code (400), other roles (403), creado and orders with stock or payments (409)', async () => {
    const { id_orden: id, codigo } = await newOrder();
    await setState(id, 3);
    expectRefused(await restart(id, `${codigo}X`, u.admin), 400, 'El código no coincide con el de la orden');
    for (const who of [u.logistica, u.gerencia, u.contabilidad, u.tesoreria]) {
      expectRefused(await restart(id, codigo, who), 403, 'Solo los roles SUPER o ADMINISTRADOR pueden reiniciar una orden');
    }
    expectRefused(await restart(id, codigo, u.viewer), 403, 'Tu rol solo permite consultar información');
    expect(await state(id)).toBe(3);
    await setState(id, 1);
    expectRefused(await restart(id, codigo, u.admin), 409, 'La orden ya está en estado Creado');
    for (const from of [4, 5, 12, 13]) {
      await setState(id, from);
      expectRefused(await restart(id, codigo, u.admin), 409, 'La orden tiene ingresos o pagos registrados y no puede reiniciarse');
    }
    expectRefused(await restart(999999, codigo, u.admin), 404, 'No se encontró la orden');
  });
});

describe('concurrency', () => {
  it('of two simultaneous approvals of one order exactly one succeeds, the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const { id_orden: id } = await newOrder();
      const res = await Promise.all([approve(id, 2, u.gerencia), approve(id, 2, u.admin)]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(res.find((r) => r.statusCode === 409)!.json().message).toBe('No se puede aprobar (Gerencia) una orden en estado Aprobación Gerencia');
      const d = await detail(id);
      expect(d.historial.filter((h: { hasta: { id_orden_estado: number } }) => h.hasta.id_orden_estado === 2)).toHaveLength(1);
    }
  });

  it('ten simultaneous calls on one order: one wins, whatever the mix', async () => {
    const { id_orden: id } = await newOrder();
    await setState(id, 3);
    const res = await Promise.all([
      ...Array.from({ length: 4 }, () => pay(id, u.tesoreria)),
      ...Array.from({ length: 3 }, () => anular(id, u.admin)),
      ...Array.from({ length: 3 }, () => approve(id, 3, u.contabilidad)),
    ]);
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const d = await detail(id);
    expect([4, 11]).toContain(d.estado.id_orden_estado);
    expect(d.historial).toHaveLength(2);
  });

  it('two overlapping mass approvals: one approves all, the other is refused whole', async () => {
    const orders = await Promise.all([newOrder(), newOrder(), newOrder()]);
    const idsOf = orders.map((o) => o.id_orden);
    const res = await Promise.all([
      post('approve/massive', idsOf, u.gerencia),
      post('approve/massive', [...idsOf].reverse(), u.gerencia),
    ]);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const id of idsOf) {
      expect(await state(id)).toBe(2);
      expect((await detail(id)).historial).toHaveLength(2);
    }
  });
});
