import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { ADMIN, VIEWER, createTestContext, type TestContext } from '../../test/harness.ts';

/** Rejection at both approval levels (issue 9, docs/business-rules.md "Orders"), on PGlite and PostgreSQL. */

type Auth = { authorization: string };
let ctx: TestContext;
const u = {} as Record<'admin' | 'logistica' | 'gerencia' | 'contabilidad' | 'viewer' | 'otroProyecto', Auth>;
const ids = { cc: 0, pve: 0, unidad: 0, gerencia: 0, contabilidad: 0, adminUser: 0 };

const rows = <T>(q: ReturnType<typeof sql>) => selectRows<T>(ctx.deps.database.db, q);
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(q))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  // estandar@ (another project) also gets LOGÍSTICA and the gerencia approval option: it reaches the module, not the order.
  await rows(sql`insert into usuario_rol (usu_id, rol_id) select usu_id, 3 from usuario where usu_correo = 'estandar@andina.pe'`);
  await rows(sql`insert into usuario_opcion (usu_id, opc_id) select u.usu_id, o.opc_id from usuario u, opcion o
    where u.usu_correo = 'estandar@andina.pe' and o.opc_codigo = 'aprobar_orden_compra'`);
  for (const [k, correo] of [['admin', ADMIN], ['logistica', 'logistica@andina.pe'], ['gerencia', 'gerencia@andina.pe'],
    ['contabilidad', 'contabilidad@andina.pe'], ['viewer', VIEWER], ['otroProyecto', 'estandar@andina.pe']] as const) u[k] = await ctx.auth(correo);
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
const body = (over: Record<string, unknown> = {}) => ({
  tipo_orden: 1, es_importacion: 0,
  centro_costo: { id_centro_costo: ids.cc }, proveedor: { id_proveedor: ids.pve }, moneda: { id_moneda: 1 },
  condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
  fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
  contabilidad: { id_usuario: ids.contabilidad }, administrador: { id_usuario: ids.adminUser }, gerencia: { id_usuario: ids.gerencia },
  referencia: 'Prueba de rechazo', descuento: 0, tipo_descuento: 1,
  orden_items: [{ descripcion: 'Cemento', unidad: { id_unidad: ids.unidad }, cantidad: 1, precio_unitario: 100 }],
  ...over,
});
async function newOrder() {
  const res = await post('register-orden', body(), u.logistica);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id_orden: number; codigo: string };
}
const rechazar = (id: number, comentario: unknown, who: Auth, id_orden_estado?: number) => post('rechazar', { orden: { id_orden: id, comentario, id_orden_estado } }, who);
const approve = (id: number, target: number, who: Auth) => post('approve', { id_orden_estado: target }, who, id);
const detail = async (id: number, who = u.admin) => (await post('get-orden-detail', {}, who, id)).json().data;
const pendingIds = async (who: Auth) => ((await post('approve/pending', { start: 0, length: 100 }, who)).json().data.data as { id_orden: number }[]).map((r) => r.id_orden);
const outbox = () => rows<{ cos_para: string; cos_asunto: string; cos_texto: string; cos_estado: string }>(sql`select cos_para, cos_asunto, cos_texto, cos_estado from correo_salida c
  where not exists (select 1 from notificacion n where n.cos_id = c.cos_id) order by cos_id`); // not the approvers' notices (issue 25)
const historial = async (id: number) => Number((await one<{ n: number }>(sql`select count(*)::int as n from orden_historial where ord_id = ${id}`)).n);

describe('rechazar', () => {
  it('gerencia sends a creado order back with a comment: editable, in the history, mailed to logística, out of the pending list until saved', async () => {
    const { id_orden: id, codigo } = await newOrder();
    expect(await pendingIds(u.gerencia)).toContain(id);
    const before = (await outbox()).length;
    const res = await rechazar(id, '  Precio por encima del tarifario  ', u.gerencia, 1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Se rechazó la orden. Correo a Logística en cola: se enviará cuando se configure el servidor de correo',
      data: { id_orden: id, codigo, estado: { id_orden_estado: 1, descripcion: 'Creado' }, correo: { estado: 'pendiente' } },
    });

    const d = await detail(id, u.logistica);
    expect(d.es_editable).toBe(true);
    expect(d.historial.at(-1)).toMatchObject({
      desde: { id_orden_estado: 1 }, hasta: { id_orden_estado: 1 }, usuario: { id_usuario: ids.gerencia },
      comentario: 'Rechazo (Gerencia): Precio por encima del tarifario',
    });
    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toMatchObject({ cos_para: 'logistica@andina.pe', cos_asunto: `Orden ${codigo} rechazada (Gerencia)`, cos_estado: 'pendiente' });
    expect(mails.at(-1)!.cos_texto).toContain(`La orden ${codigo} fue rechazada en la aprobación de Gerencia por Carlos`);
    expect(mails.at(-1)!.cos_texto).toContain('Comentario: Precio por encima del tarifario');

    // Waiting for logística now: not in gerencia's list (nor SUPER's), and neither approved nor rejected again.
    expect(await pendingIds(u.gerencia)).not.toContain(id);
    expect(await pendingIds(u.admin)).not.toContain(id);
    const again = await approve(id, 2, u.gerencia);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique');
    expect((await rechazar(id, 'otra vez', u.gerencia)).statusCode).toBe(409);
    const masiva = await post('approve/massive', [id], u.gerencia);
    expect(masiva.statusCode).toBe(409);
    expect(masiva.json()).toMatchObject({ message: 'Hubo un error al aprobar las órdenes', data: [{ id_orden: id, codigo, message: 'La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique' }] });
    const motivos = await post('motivos', {}, u.gerencia, id);
    expect(motivos.json().data).toMatchObject({ rechazada: true, aprobar: 'La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique' });

    // Logística saves it: it waits for gerencia again.
    const saved = await post('update-orden', body({ id_orden: id, version: d.version, referencia: 'Precio corregido' }), u.logistica);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await pendingIds(u.gerencia)).toContain(id);
    expect((await approve(id, 2, u.gerencia)).statusCode).toBe(200);
  });

  it('contabilidad sends an order in aprobación gerencia back to creado, clearing the gerencia approval', async () => {
    const { id_orden: id, codigo } = await newOrder();
    expect((await approve(id, 2, u.gerencia)).statusCode).toBe(200);
    const res = await rechazar(id, 'Falta la cotización adjunta', u.contabilidad, 2);
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(id);
    expect(d.estado.id_orden_estado).toBe(1);
    expect(d.aprobacion_gerencia).toBeNull();
    expect(d.historial.at(-1)).toMatchObject({ desde: { id_orden_estado: 2 }, hasta: { id_orden_estado: 1 }, comentario: 'Rechazo (Contabilidad): Falta la cotización adjunta' });
    expect((await outbox()).at(-1)).toMatchObject({ cos_para: 'logistica@andina.pe', cos_asunto: `Orden ${codigo} rechazada (Contabilidad)` });
    expect(await pendingIds(u.gerencia)).not.toContain(id);
    expect(await pendingIds(u.contabilidad)).not.toContain(id);
  });

  it('refuses without a comment (400), outside the approval states (409), without the level\'s option (403), out of scope (404), writing nothing', async () => {
    const { id_orden: id } = await newOrder();
    const mails = (await outbox()).length;
    for (const comentario of [undefined, '', '   ']) {
      const r = await rechazar(id, comentario, u.gerencia);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('Indique el motivo del rechazo');
    }
    expect((await post('rechazar', {}, u.gerencia)).statusCode).toBe(400);
    expect((await rechazar(id, 'x'.repeat(501), u.gerencia)).json().message).toBe('El comentario no debe superar 500 caracteres');
    for (const who of [u.contabilidad, u.logistica]) {
      const r = await rechazar(id, 'No', who);
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe('No tiene permisos para realizar esta operación');
    }
    expect((await rechazar(id, 'No', u.viewer)).statusCode).toBe(403);
    expect((await rechazar(id, 'No', u.otroProyecto)).statusCode).toBe(404);
    expect((await rechazar(999999, 'No', u.gerencia)).statusCode).toBe(404);
    expect((await approve(id, 2, u.gerencia)).statusCode).toBe(200);
    expect((await rechazar(id, 'No', u.gerencia)).statusCode).toBe(403);
    // The approver saw it in creado; it moved on meanwhile.
    const moved = await rechazar(id, 'No', u.admin, 1);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('No se puede rechazar (Gerencia) una orden en estado Aprobación Gerencia');
    expect((await approve(id, 3, u.contabilidad)).statusCode).toBe(200);
    const emitido = await rechazar(id, 'No', u.admin);
    expect(emitido.statusCode).toBe(409);
    expect(emitido.json().message).toBe('Una orden en estado Emitido no espera aprobación');
    expect(await historial(id)).toBe(3);
    expect((await outbox()).length).toBe(mails);
  });

  it('of an approval and a rejection sent at once, exactly one wins and the other gets 409', async () => {
    for (let round = 0; round < 6; round++) {
      const { id_orden: id } = await newOrder();
      const mails = (await outbox()).length;
      const calls = [approve(id, 2, u.gerencia), rechazar(id, `Ronda ${round}`, u.admin, 1)];
      const [ap, re] = await Promise.all(round % 2 ? calls : [...calls].reverse()).then((r) => (round % 2 ? r : [...r].reverse()));
      expect([ap.statusCode, re.statusCode].sort()).toEqual([200, 409]);
      const d = await detail(id);
      expect(d.historial).toHaveLength(2);
      if (ap.statusCode === 200) {
        expect(d.estado.id_orden_estado).toBe(2);
        expect(re.json().message).toBe('No se puede rechazar (Gerencia) una orden en estado Aprobación Gerencia');
        expect((await outbox()).length).toBe(mails);
      } else {
        expect(d.estado.id_orden_estado).toBe(1);
        expect(ap.json().message).toBe('La orden fue rechazada: podrá aprobarse de nuevo cuando Logística la modifique');
        expect((await outbox()).length).toBe(mails + 1);
      }
    }
  });
});

describe('motivos (the reason a one-action screen shows on opening)', () => {
  it('answers, per screen, why the caller cannot act, from the same rule the calls use', async () => {
    const { id_orden: id } = await newOrder();
    expect((await post('motivos', {}, u.gerencia, id)).json().data).toEqual({
      aprobar: null, reiniciar: 'Solo los roles SUPER o ADMINISTRADOR pueden reiniciar una orden',
      actualizar_estado: 'Solo una orden de importación tiene estados de importación',
      notificar: 'Solo se puede notificar al proveedor una orden emitida: esta aún espera aprobación', rechazada: false,
    });
    expect((await post('motivos', {}, u.contabilidad, id)).json().data.aprobar).toBe('La orden espera la Aprobación de Gerencia, que su usuario no puede dar');
    await rows(sql`update orden set ore_id = 3 where ord_id = ${id}`);
    const emitido = (await post('motivos', {}, u.admin, id)).json().data;
    expect(emitido).toMatchObject({ aprobar: 'Una orden en estado Emitido no espera aprobación', reiniciar: null, notificar: null });
    await rows(sql`update orden set ore_id = 4 where ord_id = ${id}`);
    expect((await post('motivos', {}, u.admin, id)).json().data.reiniciar).toBe('La orden tiene ingresos o pagos registrados y no puede reiniciarse');
    expect((await post('motivos', {}, u.otroProyecto, id)).statusCode).toBe(404);
  });
});
