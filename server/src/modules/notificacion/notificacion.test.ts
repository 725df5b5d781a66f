import { CORREO_MSG, ENV, MSG, NOTIFICACION_MSG, type NotificacionFila, type NotificacionPreferencia } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfileById } from '../../platform/auth/access.ts';
import { comprobanteRechazado } from '../../platform/cpe/envio/notificacion.ts';
import { createMailer } from '../../platform/mail.ts';
import { intArray } from '../../platform/sql-arrays.ts';
import { startFakeSmtp } from '../../test/smtp.ts';
import { createFixture, expectOk, expectRefused, type Auth, type Fixture } from '../orden_pago/fixtures.ts';
import { registerInTx } from '../orden/service.ts';
import { crearResumenDiario, TAREA_RESUMEN } from './resumen.ts';

/** Issue 25: notifications per event, recipient and scope; read state; own rows only; mail preferences; the daily summary. */

let f: Fixture;
let almacen: Auth;
const id: Record<string, number> = {};

beforeAll(async () => {
  f = await createFixture();
  almacen = await f.ctx.auth('almacen@andina.pe');
  for (const u of await f.rows<{ usu_id: number; usu_correo: string }>(sql`select usu_id, usu_correo from usuario`)) id[u.usu_correo.split('@')[0]] = u.usu_id;
});
afterAll(() => f.ctx.close());

type Pagina = { page: { list: NotificacionFila[]; total: number } };
const lista = async (who: Auth, filtro: Record<string, unknown> = {}) =>
  (expectOk(await f.post('notificacion/buscar', { notificacion: { page: { size: 100 }, ...filtro } }, who)).data as Pagina).page.list;
const noLeidas = async (who: Auth) => (expectOk(await f.post('notificacion/noLeidas', {}, who)).data as { no_leidas: number }).no_leidas;
/** Who holds a notification of the document, by mailbox name. */
const destinatarios = async (tipo: string, docId: number) => (await f.rows<{ usu_correo: string }>(sql`
  select u.usu_correo from notificacion n join usuario u on u.usu_id = n.usu_id
  where n.ntf_documento_tipo = ${tipo} and n.ntf_documento_id = ${docId} order by u.usu_correo`)).map((r) => r.usu_correo.split('@')[0]);
const correos = async (asunto: string) => (await f.rows<{ cos_para: string }>(sql`
  select cos_para from correo_salida where cos_asunto like ${`%${asunto}%`} order by cos_para`)).map((r) => r.cos_para.split('@')[0]);

describe('events', () => {
  it('an order waiting for gerencia tells its gerencia user; approved by gerencia, the contabilidad holders; never the actor', async () => {
    const ordId = await f.newOrder();
    expect(await destinatarios('orden_compra', ordId)).toEqual(['gerencia']);
    const [n] = await lista(f.u.gerencia, { no_leidas: true });
    expect(n).toMatchObject({ ntf_tipo: 'orden_por_aprobar', ntf_documento_id: ordId, ntf_enlace: `/orden/approve/${ordId}`, ntf_leida: false, actor: 'Jorge Huamán Torres' });
    expect(n.ntf_accion).toContain('gerencia');
    expectOk(await f.post('orden/approve', { id_orden_estado: 2 }, f.u.gerencia, { idorden: String(ordId) }));
    // contabilidad@ holds the option; the SUPER administrator holds it only by rule and is not broadcast to.
    expect(await destinatarios('orden_compra', ordId)).toEqual(['contabilidad', 'gerencia']);
    expectOk(await f.post('orden/approve', { id_orden_estado: 3 }, f.u.contabilidad, { idorden: String(ordId) }));
    expect(await destinatarios('orden_compra', ordId)).toEqual(['contabilidad', 'gerencia']);
  });

  it('the gerencia user who registers an order is not told of it', async () => {
    const gerencia = await loadProfileById(f.ctx.deps.database.db, f.ids.gerencia);
    const res = await f.ctx.deps.database.db.transaction((tx) => registerInTx(tx, gerencia!, ordenDatos()));
    expect(await destinatarios('orden_compra', res.id_orden)).toEqual([]);
  });

  it('a rolled-back transition leaves no notification and no mail', async () => {
    const logistica = await loadProfileById(f.ctx.deps.database.db, id.logistica);
    const antes = await f.rows<{ n: number; c: number }>(sql`select (select count(*) from notificacion)::int as n, (select count(*) from correo_salida)::int as c`);
    let ordId = 0;
    await expect(f.ctx.deps.database.db.transaction(async (tx) => {
      ordId = (await registerInTx(tx, logistica!, ordenDatos())).id_orden;
      expect(await tx.execute(sql`select 1 from notificacion where ntf_documento_id = ${ordId} and ntf_documento_tipo = 'orden_compra'`)).toBeTruthy();
      throw new Error('falla después de notificar');
    })).rejects.toThrow('falla después de notificar');
    expect(ordId).toBeGreaterThan(0);
    expect(await f.rows(sql`select (select count(*) from notificacion)::int as n, (select count(*) from correo_salida)::int as c`)).toEqual(antes);
  });

  it('an approved payment order tells tesorería and its creator, not the approver', async () => {
    const ordId = await f.emitida();
    const opgId = (expectOk(await f.registrar(ordId, 100)).data as { opg_id: number }).opg_id;
    expectOk(await f.opg('solicitarAprobacion', { orden_pago: { opg_id: opgId } }, f.u.logistica));
    expect(await destinatarios('orden_pago', opgId)).toEqual([]);
    expectOk(await f.opg('aprobar', { orden_pago: { opg_id: opgId } }, f.u.gerencia));
    expect(await destinatarios('orden_pago', opgId)).toEqual(['logistica', 'tesoreria']);
    const [n] = (await lista(f.u.tesoreria)).filter((x) => x.ntf_documento_id === opgId);
    expect(n.ntf_enlace).toBe(`/ordenPago/${ordId}/ver/${opgId}`);
  });

  it('a transfer tells the users of transfers whose warehouses hold its destination, not an external purchase', async () => {
    const alm = new Map((await f.rows<{ alm_id: number; alm_nombre: string }>(sql`select alm_id, alm_nombre from almacen`)).map((a) => [a.alm_nombre, a.alm_id]));
    const prv = (await f.rows<{ prv_id: number }>(sql`select prv_id from producto where prv_nombre = 'Wincha de 5 m'`))[0].prv_id;
    const T = async (datos: Record<string, unknown>) => (expectOk(await f.post('transferenciaItems/registrar',
      { transferencia_items: { tfi_fecha_estimada_llegada: '2026-12-01', ...datos } }, f.u.admin)).data as { tfi_id: number }).tfi_id;
    const externa = await T({ tfi_tipo: 3, alm_destino: alm.get('Almacén de Agregados'), detalle: [{ prv_id: prv, tid_cantidad: 4 }] });
    expect(await destinatarios('transferencia', externa)).toEqual([]);
    const pal = (await f.rows<{ pal_id: number }>(sql`select pal_id from producto_almacen where alm_id = ${alm.get('Almacén de Agregados')} and prv_id = ${prv} and pal_numero_serie = ''`))[0].pal_id;
    const miraflores = await T({ tfi_tipo: 2, alm_origen: alm.get('Almacén de Agregados'), alm_destino: alm.get('Almacén de Obra Miraflores'), detalle: [{ prv_id: prv, pal_id: pal, tid_cantidad: 1 }] });
    const lurin = await T({ tfi_tipo: 2, alm_origen: alm.get('Almacén de Agregados'), alm_destino: alm.get('Almacén Central'), detalle: [{ prv_id: prv, pal_id: pal, tid_cantidad: 1 }] });
    // almacen@ (Planta Lurín) hears of Lurín's only; level 1 users of transfers of both; the actor (admin) of none.
    // Miraflores is PRY-002's: estandar@ (LOGÍSTICA in PRY-002 here) hears of it, almacen@ (PRY-001) does not.
    expect(await destinatarios('transferencia', miraflores)).toEqual(['administracion', 'estandar', 'inventario', 'logistica']);
    expect(await destinatarios('transferencia', lurin)).toEqual(['administracion', 'almacen', 'inventario', 'logistica']);
    expect((await lista(almacen)).some((n) => n.ntf_documento_id === miraflores && n.ntf_documento_tipo === 'transferencia')).toBe(false);
    const [n] = await f.rows<{ ntf_enlace: string }>(sql`select ntf_enlace from notificacion where ntf_documento_tipo = 'transferencia' and ntf_documento_id = ${lurin} limit 1`);
    expect(n.ntf_enlace).toBe(`/transferencia?ver=${lurin}`);
  });

  it('an approved settlement tells its owner', async () => {
    // A settlement of the demo, put back to 'waiting for approval'.
    const [c] = await f.rows<{ caj_id: number; usu_solicitante: number; usu_gerente: number }>(sql`
      update caja set caj_estado = 'RPA', usu_aprobador_rendicion = null where caj_id = (select min(caj_id) from caja where caj_estado = 'RAP')
      returning caj_id, usu_solicitante, usu_gerente`);
    expect(c).toBeDefined();
    const [gerente] = await f.rows<{ usu_correo: string }>(sql`select usu_correo from usuario where usu_id = ${c.usu_gerente}`);
    expectOk(await f.post('rendicion/aprobar', { caja: { caj_id: c.caj_id } }, await f.ctx.auth(gerente.usu_correo)));
    const [owner] = await f.rows<{ usu_correo: string }>(sql`select usu_correo from usuario where usu_id = ${c.usu_solicitante}`);
    expect(await destinatarios('caja', c.caj_id)).toEqual([owner.usu_correo.split('@')[0]]);
    const [n] = await f.rows<{ ntf_enlace: string; ntf_tipo: string }>(sql`select ntf_enlace, ntf_tipo from notificacion where ntf_documento_tipo = 'caja' and ntf_documento_id = ${c.caj_id}`);
    expect(n).toEqual({ ntf_enlace: `/caja/view/${c.caj_id}`, ntf_tipo: 'rendicion_aprobada' });
  });

  it('a cancelled dispatch tells the users of dispatches but the actor; read-only users never hear', async () => {
    const [v] = await f.rows<{ env_id: number }>(sql`select env_id from envio where est_id = ${ENV.PROGRAMADO} order by env_id limit 1`);
    expect(v).toBeDefined();
    expectOk(await f.post('envio/cancelarEnvio', { envio: { env_id: v.env_id } }, f.u.gerencia));
    // Users of dispatches: administracion@ and gerencia@ (the actor); visualizador@ reads only; SUPER only by rule.
    expect(await destinatarios('envio', v.env_id)).toEqual(['administracion']);
    const [n] = await f.rows<{ ntf_enlace: string }>(sql`select ntf_enlace from notificacion where ntf_documento_tipo = 'envio' and ntf_documento_id = ${v.env_id}`);
    expect(n.ntf_enlace).toBe(`/envios?ver=${v.env_id}`);
  });

  it('a voucher rejected by SUNAT tells the users of sales (no actor), in the transaction of the answer', async () => {
    const [c] = await f.rows<{ nco_id: number }>(sql`insert into comprobante (nco_usuario, ovt_id, tid_id, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor,
      nco_respuesta_codigo, nco_respuesta_texto) values (${f.ids.admin}, (select min(ovt_id) from orden_venta), 1, 'F001', 991, '2026-11-20', 118, 'sunat', '2800', 'El dato ingresado no cumple con el formato') returning nco_id`);
    await expect(f.ctx.deps.database.db.transaction(async (tx) => {
      await comprobanteRechazado(tx, c.nco_id);
      throw new Error('otro proceso tomó el comprobante');
    })).rejects.toThrow();
    expect(await destinatarios('comprobante', c.nco_id)).toEqual([]);
    await f.ctx.deps.database.db.transaction((tx) => comprobanteRechazado(tx, c.nco_id));
    // Sales holders that are not read-only; the SUPER administrator only holds it by rule.
    expect(await destinatarios('comprobante', c.nco_id)).toEqual(['administracion', 'contabilidad', 'gerencia', 'tesoreria']);
    const [n] = await f.rows<{ ntf_accion: string; ntf_codigo: string; usu_actor: number | null; ntf_enlace: string }>(sql`
      select ntf_accion, ntf_codigo, usu_actor, ntf_enlace from notificacion where ntf_documento_tipo = 'comprobante' and ntf_documento_id = ${c.nco_id} limit 1`);
    const [{ ovt }] = await f.rows<{ ovt: number }>(sql`select ovt_id as ovt from comprobante where nco_id = ${c.nco_id}`);
    expect(n).toEqual({ ntf_accion: 'rechazado por SUNAT (2800 El dato ingresado no cumple con el formato)', ntf_codigo: 'F001-00000991', usu_actor: null, ntf_enlace: `/comprobantes?ver=${ovt}` });
  });
});

describe('read state and ownership', () => {
  it('counts unread, lists unread first, marks one and all, and refuses another user\'s (404)', async () => {
    const ordA = await f.newOrder();
    const ordB = await f.newOrder();
    const total = await noLeidas(f.u.gerencia);
    expect(total).toBeGreaterThanOrEqual(2);
    const mias = await lista(f.u.gerencia);
    const a = mias.find((n) => n.ntf_documento_id === ordA && n.ntf_documento_tipo === 'orden_compra')!;
    // Another user can neither mark nor see it.
    expectRefused(await f.post('notificacion/marcarLeida', { notificacion: { ntf_id: a.ntf_id } }, f.u.contabilidad), 404, NOTIFICACION_MSG.noEncontrada);
    expect((await lista(f.u.contabilidad)).some((n) => n.ntf_id === a.ntf_id)).toBe(false);
    expect(await noLeidas(f.u.gerencia)).toBe(total);
    expect(expectOk(await f.post('notificacion/marcarLeida', { notificacion: { ntf_id: a.ntf_id } }, f.u.gerencia)).data).toEqual({ no_leidas: total - 1 });
    const orden = await lista(f.u.gerencia);
    const primeraLeida = orden.findIndex((n) => n.ntf_leida);
    expect(orden.slice(primeraLeida).every((n) => n.ntf_leida)).toBe(true);
    expect(orden.find((n) => n.ntf_documento_id === ordB)?.ntf_leida).toBe(false);
    const porFecha = await lista(f.u.gerencia, { orden: 'fecha' });
    expect(porFecha.map((n) => n.ntf_id)).toEqual([...porFecha.map((n) => n.ntf_id)].sort((x, y) => y - x));
    expect((await lista(f.u.gerencia, { no_leidas: true })).every((n) => !n.ntf_leida)).toBe(true);
    const contab = await noLeidas(f.u.contabilidad);
    expectOk(await f.post('notificacion/marcarTodas', {}, f.u.gerencia));
    expect(await noLeidas(f.u.gerencia)).toBe(0);
    expect(await noLeidas(f.u.contabilidad)).toBe(contab);
  });

  it('refuses bad input with 400 and suppliers with 403', async () => {
    expect((await f.post('notificacion/marcarLeida', { notificacion: { ntf_id: 'x' } }, f.u.gerencia)).statusCode).toBe(400);
    expectRefused(await f.post('notificacion/preferencias', { preferencias: [{ tipo: 'otro', correo: true }] }, f.u.gerencia), 400, NOTIFICACION_MSG.tipo);
    expectRefused(await f.post('notificacion/noLeidas', {}, f.u.supplier), 403, MSG.noModuleAccess);
  });

  it('counts through an index', async () => {
    await f.rows(sql`set enable_seqscan = off`);
    const plan = await f.rows<Record<string, string>>(sql`explain select count(*) from notificacion where usu_id = ${f.ids.gerencia} and not ntf_leida`);
    await f.rows(sql`reset enable_seqscan`);
    expect(Object.values(plan).map((r) => Object.values(r)[0]).join('\n')).toMatch(/Index (Only )?Scan using notificacion_(no_leidas|orden)_idx/);
  });
});

describe('mail preferences', () => {
  it('default on for approvals; off → no mail, the bell still gets it', async () => {
    const prefs = expectOk(await f.post('notificacion/preferencias', {}, f.u.gerencia)).data as NotificacionPreferencia[];
    expect(prefs.find((p) => p.tipo === 'orden_por_aprobar')?.correo).toBe(true);
    expect(prefs.find((p) => p.tipo === 'envio_cancelado')?.correo).toBe(false);
    const conCorreo = await f.newOrder();
    const [codigo1] = await f.rows<{ ord_codigo: string }>(sql`select ord_codigo from orden where ord_id = ${conCorreo}`);
    expect(await correos(codigo1.ord_codigo)).toEqual(['gerencia']);
    const guardadas = expectOk(await f.post('notificacion/preferencias', { preferencias: [{ tipo: 'orden_por_aprobar', correo: false }] }, f.u.gerencia)).data as NotificacionPreferencia[];
    expect(guardadas.find((p) => p.tipo === 'orden_por_aprobar')?.correo).toBe(false);
    // Another user's choice is their own.
    expect((expectOk(await f.post('notificacion/preferencias', {}, f.u.contabilidad)).data as NotificacionPreferencia[]).find((p) => p.tipo === 'orden_por_aprobar')?.correo).toBe(true);
    const sinCorreo = await f.newOrder();
    const [codigo2] = await f.rows<{ ord_codigo: string }>(sql`select ord_codigo from orden where ord_id = ${sinCorreo}`);
    expect(await correos(codigo2.ord_codigo)).toEqual([]);
    expect(await destinatarios('orden_compra', sinCorreo)).toEqual(['gerencia']);
    expectOk(await f.post('notificacion/preferencias', { preferencias: [{ tipo: 'orden_por_aprobar', correo: true }] }, f.u.gerencia));
  });
});

describe('daily summary', () => {
  it('waits for 08:00 Lima, then mails each approver with something waiting once a day, even with two runners racing', async () => {
    await f.newOrder();
    const antes = crearResumenDiario(f.ctx.deps, { now: () => new Date('2026-12-02T12:59:00Z') });
    expect(await antes.resumir()).toBe(0);
    const at = () => new Date('2026-12-02T13:05:00Z');
    const [a, b] = [crearResumenDiario(f.ctx.deps, { now: at }), crearResumenDiario(f.ctx.deps, { now: at })];
    const [ra, rb] = await Promise.all([a.resumir(), b.resumir()]);
    expect(ra + rb).toBeGreaterThan(0);
    const filas = await f.rows<{ usu_id: number; n: number }>(sql`select usu_id, count(*)::int as n from tarea_diaria
      where tad_tarea = ${TAREA_RESUMEN} and tad_fecha = '2026-12-02' group by usu_id`);
    expect(filas.every((r) => r.n === 1)).toBe(true);
    expect(ra + rb).toBe(filas.length);
    const mails = await f.rows<{ cos_para: string; cos_texto: string }>(sql`select c.cos_para, c.cos_texto from tarea_diaria t
      join correo_salida c on c.cos_id = t.cos_id where t.tad_fecha = '2026-12-02'`);
    const gerencia = mails.filter((m) => m.cos_para === 'gerencia@andina.pe');
    expect(gerencia).toHaveLength(1);
    expect(gerencia[0].cos_texto).toContain('Órdenes de compra por aprobar (gerencia)');
    // Neither logistics nor a read-only user approve: no summary.
    expect(mails.some((m) => ['logistica@andina.pe', 'visualizador@andina.pe'].includes(m.cos_para))).toBe(false);
    // Again the same day: nothing; the next day: again.
    expect(await a.resumir()).toBe(0);
    expect(await crearResumenDiario(f.ctx.deps, { now: () => new Date('2026-12-03T13:01:00Z') }).resumir()).toBe(filas.length);
  });

  it('a user who turned the summary off gets none', async () => {
    expectOk(await f.post('notificacion/preferencias', { preferencias: [{ tipo: 'resumen_diario', correo: false }] }, f.u.gerencia));
    await crearResumenDiario(f.ctx.deps, { now: () => new Date('2026-12-05T13:01:00Z') }).resumir();
    expect(await f.rows(sql`select 1 from tarea_diaria where tad_fecha = '2026-12-05' and usu_id = ${f.ids.gerencia}`)).toEqual([]);
  });
});

describe('mail delivery', () => {
  it('sends the queued notification mail after commit when SMTP is set, each once with two senders racing', async () => {
    const smtp = await startFakeSmtp();
    try {
      // Two senders sharing nothing but the database (two instances); on PostgreSQL they really overlap.
      const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'obra@andina.pe', storage: f.ctx.deps.storage, db: f.ctx.deps.database.db });
      const [a, b] = [mailer(), mailer()];
      const deps = { ...f.ctx.deps, mailer: a };
      await Promise.all([a.entregar(), b.entregar()]);
      smtp.messages.length = 0;
      const ordenes = [];
      for (let i = 0; i < 6; i++) ordenes.push(await f.newOrder());
      const codigos = await f.rows<{ ord_id: number; ord_codigo: string }>(sql`select ord_id, ord_codigo from orden where ord_id = any(${intArray(ordenes)})`);
      const [ra, rb] = await Promise.all([a.entregar(), b.entregar()]);
      expect(ra + rb).toBe(ordenes.length);
      for (const o of codigos) {
        const deLaOrden = smtp.messages.filter((m) => m.data.includes(o.ord_codigo));
        expect(deLaOrden, o.ord_codigo).toHaveLength(1);
        expect(deLaOrden[0].to).toEqual(['gerencia@andina.pe']);
      }
      expect(smtp.messages).toHaveLength(ordenes.length);
      expect(await f.rows(sql`select distinct c.cos_estado from correo_salida c join notificacion n on n.cos_id = c.cos_id where n.ntf_documento_id = any(${intArray(ordenes)})
        and n.ntf_documento_tipo = 'orden_compra'`)).toEqual([{ cos_estado: 'enviado' }]);
      expect(await a.entregar()).toBe(0);
      // Sent again by hand, a delivered message is refused: it reached its recipient once.
      const [uno] = await f.rows<{ cos_id: number }>(sql`select c.cos_id from correo_salida c join notificacion n on n.cos_id = c.cos_id where n.ntf_documento_id = ${ordenes[0]}`);
      await expect(deps.mailer.resend(deps.database.db, uno.cos_id)).rejects.toThrow(CORREO_MSG.yaEnviado);
      expect(await b.entregar()).toBe(0);
      expect(smtp.messages).toHaveLength(ordenes.length);
    } finally {
      await smtp.close();
    }
  });
});

function ordenDatos() {
  return {
    tipo_orden: 1, es_importacion: 0,
    centro_costo: { id_centro_costo: f.ids.cc }, proveedor: { id_proveedor: f.ids.pve }, moneda: { id_moneda: 1 },
    condicion_comercial: { id_condicion: 2 }, metodo_pago: { id_metodo: 1 }, tipo_documento: { id_tipo_documento: 1 },
    fecha_pago: '2026-12-15', lugar_entrega: 'Planta Lurín',
    contabilidad: { id_usuario: f.ids.contabilidad }, administrador: { id_usuario: f.ids.admin }, gerencia: { id_usuario: f.ids.gerencia },
    referencia: 'Notificaciones', descuento: 0, tipo_descuento: 1,
    orden_items: [{ descripcion: 'Cemento', unidad: { id_unidad: f.ids.unidad }, cantidad: 1, precio_unitario: 1000 }],
  } as never;
}
