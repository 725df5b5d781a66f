import { MSG, PEDIDO_MSG, ROLE, codigoPedido, limaYear } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPedidoFixture, expectOk, expectRefused, type PedidoFixture } from './fixtures.ts';

/**
 * Purchase requests through the API (spec 3 §7 "Purchase requests", DECISIONS §1, §7): registration and its checks,
 * the detail, modification with its version, approval quantities, the paged list in scope, and the lookups.
 */

let f: PedidoFixture;
beforeAll(async () => {
  f = await createPedidoFixture();
});
afterAll(() => f.ctx.close());

const YEAR = limaYear();

describe('registrar and obtener', () => {
  it('registers a request with a PED code of the Lima year; the detail has its lines, names and state', async () => {
    const res = expectOk(await f.pei('registrar', f.datos(), f.u.almacen));
    const { pei_id, pei_codigo } = res.data as { pei_id: number; pei_codigo: string };
    expect(pei_codigo).toMatch(new RegExp(`^PED-${YEAR}-\\d{6}$`));
    expect(res.message).toBe(PEDIDO_MSG.registrado(pei_codigo));
    const d = expectOk(await f.pei('obtener', { pei_id }, f.u.almacen)).data as Record<string, unknown>;
    expect(d).toMatchObject({
      pei_id, pei_codigo, pei_estado: 'CREADO', est_codigo: 'CREADO', pei_estado_nombre: 'Creado', pei_estado_styles: 'blue',
      pei_fecha_aprobacion: null, pei_notas: 'Para el vaciado de la losa', alm_id: f.alm.central, alm_nombre: 'Almacén Central', alm_tipo: 0,
      pry_id: f.pry.pl, pry_nombre: 'Planta Lurín', cec_id: f.cc.pl, cec_codigo: 'CC-PL-01', usu_solicitante: f.usu.almacen,
      usu_solicitante_nombre: 'Pedro Flores Ccori', usu_logistica: f.usu.logistica, usu_logistica_nombre: 'Jorge Huamán Torres', pei_version: 1,
    });
    expect(d.lista_pedido_items_detalle).toEqual([
      expect.objectContaining({ prv_id: f.prv.cemento, pid_producto: 'Cemento Portland Tipo I 42.5 kg', unm_simbolo: 'BLS', pid_cantidad_solicitada: '100.0000', pid_cantidad_aprobada: null, oci_cantidad: '0.0000', ordenes: [] }),
      expect.objectContaining({ prv_id: f.prv.arena, pid_cantidad_solicitada: '20.0000' }),
    ]);
  });

  it.each([
    ['a warehouse of another project (404)', { alm_id: 0 }, 404, PEDIDO_MSG.almacenNotFound],
    ['a cost centre of another project', { cec_id: 'mf' }, 400, PEDIDO_MSG.centroCostoProyecto],
    ['an inactive cost centre', { alm_id: 'mf', cec_id: 'mfInactivo' }, 400, PEDIDO_MSG.centroCosto],
    ['a logistics person without the LOGÍSTICA role', { usu_logistica: 'gerencia' }, 400, PEDIDO_MSG.logistica],
    ['a disabled product', { lineas: [['deshabilitado', '2']] }, 400, PEDIDO_MSG.productoInactivo('Botas de jebe punta de acero')],
    ['an unknown product', { lineas: [[999999, '2']] }, 400, PEDIDO_MSG.producto],
    ['a product twice', { lineas: [['cemento', '2'], ['cemento', '3']] }, 400, PEDIDO_MSG.productoAgregado],
    ['no lines', { lineas: [] }, 400, PEDIDO_MSG.sinLineas],
    ['a quantity of 0', { lineas: [['cemento', '0']] }, 400, PEDIDO_MSG.cantidad],
    ['a quantity with 5 decimals', { lineas: [['cemento', '1.00001']] }, 400, PEDIDO_MSG.cantidad],
    ['no warehouse', { alm_id: null }, 400, PEDIDO_MSG.faltanDatos],
  ] as [string, Record<string, unknown>, number, string][])('refuses %s, nothing saved', async (_, over, status, message) => {
    const antes = (await f.rows<{ n: number }>(sql`select count(*)::int as n from pedido_items`))[0].n;
    const payload: Record<string, unknown> = f.datos();
    if ('alm_id' in over) payload.alm_id = over.alm_id === 0 ? f.alm.mf : over.alm_id === 'mf' ? f.alm.mf : over.alm_id;
    if ('cec_id' in over) payload.cec_id = f.cc[over.cec_id as 'mf' | 'mfInactivo'];
    if ('usu_logistica' in over) payload.usu_logistica = f.usu.gerencia;
    if ('lineas' in over) {
      payload.lista_pedido_items_detalle = (over.lineas as [string | number, string][]).map(([p, c]) => ({
        prv_id: typeof p === 'number' ? p : f.prv[p as keyof PedidoFixture['prv']], pid_cantidad_solicitada: c,
      }));
    }
    // almacen@ is of Planta Lurín: Miraflores' warehouse is out of scope; the inactive centre case runs as admin.
    expectRefused(await f.pei('registrar', payload, over.cec_id === 'mfInactivo' ? f.u.admin : f.u.almacen), status, message);
    expect((await f.rows<{ n: number }>(sql`select count(*)::int as n from pedido_items`))[0].n).toBe(antes);
  });

  it('codes are gap-free under 10 registrations at once', async () => {
    const ultimo = async () => Number((await f.rows<{ n: number }>(sql`select coalesce(max(cnt_ultimo), 0) as n from contador where cnt_serie = 'PED' and cnt_anio = ${YEAR}`))[0].n);
    const base = await ultimo();
    const replies = await Promise.all(Array.from({ length: 10 }, () => f.pei('registrar', f.datos(), f.u.almacen)));
    const codigos = replies.map((r) => (expectOk(r).data as { pei_codigo: string }).pei_codigo).sort();
    expect(codigos).toEqual(Array.from({ length: 10 }, (_, i) => codigoPedido(YEAR, base + i + 1)));
  });

  it('a request out of scope answers 404; a role without the module 403; a viewer reads but never writes', async () => {
    const { pei_id } = await f.registrar();
    expectRefused(await f.pei('obtener', { pei_id }, f.u.estandar), 404, PEDIDO_MSG.notFound);
    expectRefused(await f.pei('obtener', { pei_id }, f.u.sinProyecto), 404, PEDIDO_MSG.notFound);
    expectRefused(await f.pei('obtener', { pei_id }, f.u.contabilidad), 403, MSG.noModuleAccess);
    expectOk(await f.pei('obtener', { pei_id }, f.u.viewer));
    expect((await f.pei('registrar', f.datos(), f.u.viewer)).statusCode).toBe(403);
    expect((await f.pei('eliminar', { pei_id }, f.u.viewer)).statusCode).toBe(403);
    expect((await f.estado(pei_id)).pei_estado).toBe('CREADO');
  });
});

describe('modificar', () => {
  it('changes header and lines with the version read; a product kept keeps its line; a stale version is 409', async () => {
    const { pei_id } = await f.registrar();
    const [cemento] = await f.lineas(pei_id);
    const body = f.datos({
      pei_id, pei_version: 1, alm_id: f.alm.agregados, cec_id: f.cc.pl2, pei_notas: 'Cambio de almacén',
      lista_pedido_items_detalle: [{ prv_id: f.prv.cemento, pid_cantidad_solicitada: '80' }, { prv_id: f.prv.fierro, pid_cantidad_solicitada: '30' }],
    });
    const res = expectOk(await f.pei('modificar', body, f.u.almacen));
    expect(res.message).toBe(PEDIDO_MSG.modificado);
    expect(res.data).toMatchObject({ pei_id, pei_version: 2 });
    const ls = await f.lineas(pei_id);
    expect(ls.map((l) => [l.prv_id, l.pid_cantidad_solicitada])).toEqual([[f.prv.cemento, '80'], [f.prv.fierro, '30']]);
    expect(ls[0].pid_id).toBe(cemento.pid_id);
    expectRefused(await f.pei('modificar', body, f.u.almacen), 409, PEDIDO_MSG.version);
  });

  it('is allowed in POR_APROBAR (state kept) and refused once approved', async () => {
    const { pei_id } = await f.registrar();
    await f.setEstado(pei_id, 'POR_APROBAR');
    expectOk(await f.pei('modificar', f.datos({ pei_id, pei_version: 1 }), f.u.almacen));
    expect(await f.estado(pei_id)).toEqual({ pei_estado: 'POR_APROBAR', pei_version: 2 });
    await f.setEstado(pei_id, 'APROBADO');
    expectRefused(await f.pei('modificar', f.datos({ pei_id, pei_version: 2 }), f.u.almacen), 409, 'No se puede modificar un pedido en estado Aprobado');
  });
});

describe('aprobar', () => {
  const cuerpo = (peiId: number, ls: { pid_id: number }[], cantidades: string[]) =>
    ({ pei_id: peiId, lista_pedido_items_detalle: ls.map((l, i) => ({ pid_id: l.pid_id, pid_cantidad_aprobada: cantidades[i] })) });

  it('needs the option aprobar_pedido_items (403), every line once, 0 ≤ approved ≤ requested, and something above 0', async () => {
    const { pei_id } = await f.registrar();
    await f.pei('solicitarAprobacion', { pei_id }, f.u.almacen);
    const ls = await f.lineas(pei_id);
    expect((await f.pei('aprobar', cuerpo(pei_id, ls, ['100', '20']), f.u.almacen)).statusCode).toBe(403);
    expectRefused(await f.pei('aprobar', cuerpo(pei_id, ls, ['101', '20']), f.u.gerencia), 400, PEDIDO_MSG.aprobadaExcede('Cemento Portland Tipo I 42.5 kg', '100'));
    expectRefused(await f.pei('aprobar', cuerpo(pei_id, ls.slice(0, 1), ['50']), f.u.gerencia), 400, PEDIDO_MSG.aprobarLineas);
    expectRefused(await f.pei('aprobar', cuerpo(pei_id, [ls[0], ls[0]], ['50', '50']), f.u.gerencia), 400, PEDIDO_MSG.lineaRepetida);
    expectRefused(await f.pei('aprobar', cuerpo(pei_id, ls, ['0', '0']), f.u.gerencia), 400, PEDIDO_MSG.aprobadaCero);
    expectRefused(await f.pei('aprobar', cuerpo(pei_id, ls, ['-1', '0']), f.u.gerencia), 400, PEDIDO_MSG.cantidadAprobada);
    expect((await f.estado(pei_id)).pei_estado).toBe('POR_APROBAR');

    expect(expectOk(await f.pei('aprobar', cuerpo(pei_id, ls, ['60', '0']), f.u.gerencia)).message).toBe(PEDIDO_MSG.aprobado);
    expect((await f.lineas(pei_id)).map((l) => l.pid_cantidad_aprobada)).toEqual(['60', '0']);
    const d = expectOk(await f.pei('obtener', { pei_id }, f.u.almacen)).data as Record<string, unknown>;
    expect(d).toMatchObject({ pei_estado: 'APROBADO', usu_aprobador: f.usu.gerencia, usu_aprobador_nombre: 'Carlos Mendoza Ríos' });
    expect(d.pei_fecha_aprobacion).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});

describe('paginar', () => {
  let mf: { pei_id: number; pei_codigo: string };
  beforeAll(async () => {
    mf = await f.registrar({ alm_id: f.alm.mf, cec_id: f.cc.mf }, f.u.estandar);
  });

  const paginar = (body: Record<string, unknown>, who = f.u.admin) => f.post('pedidoItems/paginar', { pedido_items: body }, who);
  type Pagina = { page: { list: { pei_id: number; pry_id: number; pei_estado: string; alm_id: number }[]; total: number; size: number; number: number } };

  it('pages 10 in the spec shape, newest first, and filters by code, state and warehouse', async () => {
    const p = (expectOk(await paginar({ page: { number: 1, size: 10 } })).data as Pagina).page;
    expect(p).toMatchObject({ size: 10, number: 1 });
    expect(p.list).toHaveLength(10);
    expect(p.total).toBeGreaterThan(10);
    expect(p.list.map((r) => r.pei_id)).toEqual([...p.list.map((r) => r.pei_id)].sort((a, b) => b - a));
    const porCodigo = (expectOk(await paginar({ pei_codigo: mf.pei_codigo })).data as Pagina).page;
    expect(porCodigo.list.map((r) => r.pei_id)).toEqual([mf.pei_id]);
    const porAlmacen = (expectOk(await paginar({ alm_id: f.alm.mf })).data as Pagina).page;
    expect(porAlmacen.list.every((r) => r.alm_id === f.alm.mf)).toBe(true);
    const aprobados = (expectOk(await paginar({ pei_estado: 'APROBADO' })).data as Pagina).page;
    expect(aprobados.list.length).toBeGreaterThan(0);
    expect(aprobados.list.every((r) => r.pei_estado === 'APROBADO')).toBe(true);
    expectRefused(await paginar({ pei_estado: 'OTRO' }), 400, 'Seleccione un estado de pedido válido');
  });

  it('is scoped in SQL: a project user sees its project only, one without project nothing', async () => {
    const estandar = (expectOk(await paginar({ page: { number: 1, size: 100 } }, f.u.estandar)).data as Pagina).page;
    expect(estandar.list.map((r) => r.pei_id)).toContain(mf.pei_id);
    expect(estandar.list.every((r) => r.pry_id === f.pry.mf)).toBe(true);
    const almacen = (expectOk(await paginar({ page: { number: 1, size: 100 } }, f.u.almacen)).data as Pagina).page;
    expect(almacen.list.every((r) => r.pry_id === f.pry.pl)).toBe(true);
    expect((expectOk(await paginar({}, f.u.sinProyecto)).data as Pagina).page).toMatchObject({ list: [], total: 0 });
  });
});

describe('lookups', () => {
  it('options loader: the six states and the warehouses in scope, of one project when asked', async () => {
    const d = expectOk(await f.post('pedidoItems/cargarOpciones', { estado: { modulo: 'pedidoItems' }, almacen: { pry_id: null } }, f.u.almacen)).data as {
      estados: { est_codigo: string }[]; almacenes: { alm_id: number }[];
    };
    expect(d.estados.map((e) => e.est_codigo)).toEqual(['CREADO', 'POR_APROBAR', 'APROBADO', 'ATENDIDO', 'ATENDIDO_PARCIAL', 'ELIMINADO']);
    expect(d.almacenes.map((a) => a.alm_id).sort()).toEqual([f.alm.central, f.alm.agregados].sort());
    const mf = expectOk(await f.post('pedidoItems/cargarOpciones', { almacen: { pry_id: f.pry.mf } }, f.u.admin)).data as { almacenes: { alm_id: number }[] };
    expect(mf.almacenes.map((a) => a.alm_id)).toEqual([f.alm.mf]);
    const nada = expectOk(await f.post('pedidoItems/cargarOpciones', {}, f.u.sinProyecto)).data as { almacenes: unknown[] };
    expect(nada.almacenes).toEqual([]);
  });

  it('cost centres by status and project, in scope; users by role; products by name', async () => {
    const cc = expectOk(await f.post('pedidoItems/buscarCentrosCosto', { centro_costo: { est_codigo: 'activo', pry_id: f.pry.mf } }, f.u.admin)).data as { cec_codigo: string }[];
    expect(cc.map((c) => c.cec_codigo)).toEqual(['CC-MF-01', 'CC-MF-02', 'CC-MF-03']);
    const fuera = expectOk(await f.post('pedidoItems/buscarCentrosCosto', { centro_costo: { pry_id: f.pry.mf } }, f.u.almacen)).data as unknown[];
    expect(fuera).toEqual([]);
    const usuarios = expectOk(await f.post('pedidoItems/buscarUsuariosxRol', { usuario: { rol_id: ROLE.LOGISTICA } }, f.u.almacen)).data as { usu_id: number; usu_nombre_completo: string }[];
    expect(usuarios).toContainEqual(expect.objectContaining({ usu_id: f.usu.logistica, usu_nombre_completo: 'Jorge Huamán Torres' }));
    const productos = expectOk(await f.post('pedidoItems/buscarProducto', { producto: { prv_nombre: 'botas' } }, f.u.estandar)).data as { prv_nombre: string }[];
    expect(productos.map((p) => p.prv_nombre)).toEqual(['Botas de seguridad punta de acero']);
    expectRefused(await f.post('pedidoItems/buscarProducto', { producto: { prv_nombre: '  ' } }, f.u.estandar), 400, PEDIDO_MSG.referenciaProducto);
  });

  it('buscarRapido finds requests in scope by part of the code or text', async () => {
    const r = await f.registrar({ pei_notas: 'Encofrado de placas' });
    const found = expectOk(await f.pei('buscarRapido', { pei_codigo: 'encofrado' }, f.u.almacen)).data as { pei_id: number }[];
    expect(found.map((p) => p.pei_id)).toEqual([r.pei_id]);
    expect(expectOk(await f.pei('buscarRapido', { pei_codigo: 'encofrado' }, f.u.estandar)).data).toEqual([]);
  });
});
