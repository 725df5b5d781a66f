/**
 * The e-voucher sender (issue 22, DECISIONS §6). Issuing only signs and stores a document
 * ('por_enviar'); this worker, in-process on every instance, sends it:
 * - takes due documents with a lease in one short statement (`queries.ts` tomar), so several
 *   instances never send the same document at once, and no connection is held while the channel
 *   answers;
 * - sends once; a document that may already have reached SUNAT (an earlier attempt timed out, the
 *   answer was lost, the instance died) is first asked for by its CDR (`consultar`, getStatusCdr)
 *   and sent again only when SUNAT says it never got it: a number is never sent twice;
 * - retries failures with back-off (30 s, 1 min, 2 min, ... up to 1 h) and writes every state with
 *   SUNAT's own code and text;
 * - once a day mails the administrators the documents past SUNAT's deadline.
 */
import { limaDate } from '@obra/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { Mailer } from '../../mail.ts';
import type { Secretos } from '../../secretos.ts';
import { SIN_REINTENTO, type Canal, type DocumentoEnvio, type Resultado } from '../canales/canal.ts';
import { canalDe, faltaParaCanal } from '../canales/elegir.ts';
import { CODIGO_SIN_CONSULTA, CODIGO_YA_REGISTRADO } from '../canales/sunat-soap.ts';
import type { EmisorVigente, LectorEmisor } from '../configuracion.ts';
import { firmarDocumento } from '../firma/documento.ts';
import { comprobanteRechazado } from './notificacion.ts';
import * as q from './queries.ts';
import { crearRonda } from '../../ronda.ts';

export interface OpcionesWorker {
  database: Database;
  lector: LectorEmisor;
  secretos: Secretos;
  mailer: Mailer;
  /** How long a channel may take for one document. */
  timeoutMs: number;
  /** How often due documents are looked for when nobody wakes the worker (other instances' issues, retries). */
  intervaloMs?: number;
  /** First retry delay; doubles each attempt up to `reintentoMaxMs`. */
  reintentoBaseMs?: number;
  reintentoMaxMs?: number;
  /** Documents sent at once. */
  concurrencia?: number;
  /** A channel to use instead of the settings' one (tests). */
  canal?: (e: EmisorVigente) => Canal | null;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

export interface CpeWorker {
  /** Sends due documents every `intervaloMs` and whenever woken, logging failures to `log`. */
  start(log: Log): void;
  /** Looks for due documents now (after an issue or a 'Reenviar'); coalesced, never awaited by a request. */
  despertar(): void;
  /** Runs until nothing is due; resolves with how many documents it handled. Tests and `despertar` use it. */
  procesar(): Promise<number>;
  stop(): Promise<void>;
}

/** SUNAT's answer to a summary file it already had (2223 "El archivo ya fue presentado anteriormente"). */
const RESUMEN_REPETIDO = '2223';

const texto = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function crearWorker(o: OpcionesWorker): CpeWorker {
  const intervalo = o.intervaloMs ?? 5_000;
  const base = o.reintentoBaseMs ?? 30_000;
  const maximo = o.reintentoMaxMs ?? 3_600_000;
  const concurrencia = o.concurrencia ?? 4;
  // The lease outlives a whole attempt (send, then maybe consult) with room to spare.
  const lease = 3 * o.timeoutMs + 30_000;
  const db = o.database.db;
  let timer: NodeJS.Timeout | undefined;
  let detenido = false;
  let canalCache: { version: number; canal: Canal | null } | null = null;
  // Until start() gives the server's log (tests drive `procesar` and read the states instead).
  let log: Log = { warn: () => undefined, error: () => undefined };

  const proximo = (intento: number) => new Date(Date.now() + Math.min(maximo, base * 2 ** Math.max(0, intento - 1)));

  function canalPara(e: EmisorVigente): Canal | null {
    if (o.canal) return o.canal(e);
    if (canalCache?.version !== e.version) canalCache = { version: e.version, canal: canalDe(e, o.secretos, o.timeoutMs) };
    return canalCache.canal;
  }

  /** One attempt: consult first when an earlier attempt may have reached the service. */
  async function intentar(canal: Canal, t: q.Tomado, doc: DocumentoEnvio): Promise<Resultado> {
    // A ticket (summaries, guides): SUNAT has the document; only its outcome is awaited. A ticket SUNAT
    // ended without processing the document (it says it has none) is spent: the document is sent again.
    if (doc.ticket) {
      const r = await canal.consultar(doc);
      if (r.estado !== 'no_existe') return r;
      return canal.enviar({ ...doc, ticket: null });
    }
    const quizaLlego = t.nco_intentos > 1 || t.nco_estado_sunat === 'enviado';
    if (quizaLlego) {
      const r = await canal.consultar(doc);
      if (r.estado !== 'no_existe' && !(r.estado === 'error' && r.codigo === CODIGO_SIN_CONSULTA)) return r;
      // SUNAT beta cannot be consulted: sending again is all there is; a copy it had answers 1033.
    }
    const r = await canal.enviar(doc);
    if (r.estado === 'error' && r.codigo === CODIGO_YA_REGISTRADO) {
      // "Registrado previamente": it arrived on an earlier attempt; its CDR says how it ended.
      const c = await canal.consultar(doc);
      if (c.estado === 'error' && c.codigo === CODIGO_SIN_CONSULTA) {
        // SUNAT has it and cannot say how it ended (beta): sending again would only repeat this; a person checks.
        return { estado: 'error', codigo: SIN_REINTENTO, descripcion: `${r.descripcion}. ${c.descripcion}` };
      }
      return c.estado === 'no_existe' ? r : c;
    }
    return r;
  }

  function respuestaDe(r: Resultado, intento: number): q.Respuesta {
    switch (r.estado) {
      case 'aceptado': case 'observado': case 'rechazado':
        return { estado: r.estado, codigo: r.codigo, texto: r.descripcion, notas: r.notas, cdr: r.cdr, ticket: null, hash: r.hash, codigoQr: r.codigo_qr, proximo: null };
      case 'demo':
        return { estado: 'demo', codigo: null, texto: r.descripcion, notas: r.notas, cdr: null, ticket: null, proximo: null };
      case 'enviado':
        return { estado: 'enviado', codigo: null, texto: r.descripcion, notas: null, cdr: null, ticket: r.ticket, proximo: proximo(intento) };
      case 'no_existe':
        return { estado: 'error', codigo: null, texto: r.descripcion, notas: null, cdr: null, ticket: null, proximo: proximo(intento) };
      case 'error':
        return { estado: 'error', codigo: r.codigo, texto: r.descripcion, notas: null, cdr: null, ticket: null, proximo: r.codigo === SIN_REINTENTO ? null : proximo(intento) };
    }
  }

  /** A document the issue numbered but did not get to sign (the process stopped in between) is signed here first. */
  async function firmado(e: EmisorVigente, t: q.Tomado): Promise<q.Tomado> {
    if (t.nco_xml !== null || t.nco_proveedor === 'nubefact' || !e.firma) return t;
    const d = firmarDocumento(t.nco_tipo, e.emisor, e.firma, t.nco_datos);
    await q.guardarFirma(db, t.nco_id, d.xml, d.digest, d.codigoQr);
    return { ...t, nco_xml: d.xml };
  }

  async function manejar(e: EmisorVigente, tomado: q.Tomado): Promise<void> {
    const t = await firmado(e, tomado);
    const doc = q.documentoDe(e.emisor.ruc, t);
    const falta = faltaParaCanal(e);
    const canal = falta ? null : canalPara(e);
    let r: Resultado;
    if (!canal) {
      r = { estado: 'error', codigo: null, descripcion: `No se puede enviar: ${falta ?? 'el canal de envío no está configurado'} (Facturación electrónica)` };
    } else if (t.nco_proveedor !== canal.nombre) {
      // Issued for another channel (a test-signed demo document, a beta one, Nubefact's unsigned copy): never sent elsewhere.
      r = { estado: 'error', codigo: null, descripcion: `El comprobante se emitió para el canal ${t.nco_proveedor}; vuelva a ese canal para enviarlo` };
    } else {
      try {
        r = await intentar(canal, t, doc);
      } catch (err) {
        r = { estado: 'error', codigo: null, descripcion: `Fallo inesperado al enviar: ${texto(err)}` };
      }
    }
    if ((t.nco_tipo === 'RA' || t.nco_tipo === 'RC') && r.estado === 'rechazado' && r.codigo === RESUMEN_REPETIDO) {
      // A summary whose first answer (its ticket) was lost: SUNAT has it, and how it ended cannot be asked
      // without that ticket. Its documents stay "being cancelled" until a person checks (never freed by guess).
      r = { estado: 'error', codigo: SIN_REINTENTO, descripcion: `${r.descripcion} (${RESUMEN_REPETIDO}): SUNAT recibió este resumen en un envío anterior cuya respuesta se perdió; consulte su estado en SUNAT Operaciones en Línea` };
    }
    const respuesta = respuestaDe(r, t.nco_intentos);
    // A final rejection tells the users of sales in the same transaction as the state (issue 25).
    const guardada = await db.transaction(async (tx) => {
      if (!(await q.guardarRespuesta(tx, t.nco_id, t.nco_intentos, respuesta))) return false;
      if (respuesta.estado === 'rechazado' && respuesta.proximo === null) await comprobanteRechazado(tx, t.nco_id);
      return true;
    });
    if (!guardada) {
      log.warn({ nco_id: t.nco_id }, 'cpe: otro proceso tomó el comprobante; su respuesta no se guarda');
    }
  }

  async function probarConexion(e: EmisorVigente): Promise<void> {
    // The settings row just read says whether a test was asked for: no statement every cycle otherwise.
    if (e.fila.emi_prueba_estado !== 'pendiente' || !(await q.tomarPrueba(db))) return;
    const falta = faltaParaCanal(e);
    const canal = falta ? null : canalPara(e);
    const r = canal ? await canal.probar(e.emisor.ruc).catch((err: unknown) => ({ ok: false, mensaje: texto(err) })) : { ok: false, mensaje: falta ?? '' };
    await q.guardarPrueba(db, r.ok, r.mensaje);
  }

  async function alertar(e: EmisorVigente): Promise<void> {
    const hoy = limaDate(new Date());
    // Once a day across instances: the day is claimed first (the row just read says when it last was, so
    // other cycles issue no statement). Which documents are overdue changes only with the date.
    if (e.fila.emi_alerta_fecha === hoy || !(await q.reclamarAlerta(db, hoy))) return;
    const lista = await q.vencidos(db, hoy, e.plazoDias);
    if (lista.length === 0) return;
    const lineas = lista.map((v) => `- ${v.comprobante} del ${v.fecha_emision}: ${v.estado}${v.respuesta ? ` (${v.respuesta})` : ''}`);
    for (const { correo } of await q.correosAdministradores(db)) {
      await o.mailer.send(db, {
        to: correo,
        subject: `Comprobantes electrónicos sin respuesta de SUNAT fuera de plazo (${lista.length})`,
        text: `Los siguientes comprobantes tienen más de ${e.plazoDias} días sin ser aceptados por SUNAT:\n\n${lineas.join('\n')}\n\nRevíselos en Ventas → Comprobantes electrónicos.`,
      });
    }
  }

  async function ciclo(): Promise<number> {
    let hechos = 0;
    const e = await o.lector.leer(db);
    await probarConexion(e);
    for (;;) {
      const tomados = await q.tomar(db, concurrencia, lease);
      if (tomados.length === 0) break;
      await Promise.all(tomados.map((t) => manejar(e, t)));
      hechos += tomados.length;
      if (detenido) break;
    }
    await alertar(e);
    return hechos;
  }

  const { ronda: procesar, enCurso } = crearRonda(ciclo, {
    seguir: () => !detenido,
    fallo: (err) => log.error({ err }, 'cpe: el envío de comprobantes falló'),
  });

  return {
    start(l) {
      log = l;
      detenido = false;
      timer ??= setInterval(() => void procesar(), intervalo).unref();
      void procesar();
    },
    despertar() {
      if (!detenido) setImmediate(() => void procesar());
    },
    procesar,
    async stop() {
      detenido = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await enCurso();
    },
  };
}
