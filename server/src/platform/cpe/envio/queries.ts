import { ROLE } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../../db/client.ts';
import type { DatosCpe, DocumentoEnvio, NotaCdr } from '../canales/canal.ts';
import { nombreSunat } from '../solicitud.ts';

/**
 * The worker's statements on `comprobante` (issue 22). Each is one short autocommit statement: no
 * transaction or lock is open while a channel is awaited. A document is taken with a lease
 * (`nco_bloqueo_hasta`) and its attempt number (`nco_intentos`, raised when taken) is the fence: a
 * worker whose lease ran out and was overtaken cannot write its late answer over the newer one.
 */

export interface Tomado {
  nco_id: number;
  nco_tipo: string;
  nco_serie: string;
  nco_numero: number;
  nco_xml: string | null;
  nco_datos: DatosCpe;
  nco_estado_sunat: string;
  /** The ticket of an earlier send (summaries, guides), asked for before anything is sent again. */
  nco_ticket: string | null;
  /** The attempt this worker holds (already counted). */
  nco_intentos: number;
  nco_proveedor: string;
}

/**
 * Takes up to `n` documents due now that no other worker holds, for `leaseMs`. `skip locked` lets
 * several instances take different documents at once; the update commits before anything is sent.
 */
export async function tomar(db: Executor, n: number, leaseMs: number): Promise<Tomado[]> {
  const rows = await selectRows<Tomado>(db, sql`
    update comprobante c set nco_bloqueo_hasta = now() + make_interval(secs => ${leaseMs / 1000}),
      nco_intentos = c.nco_intentos + 1, nco_enviado_en = coalesce(c.nco_enviado_en, now())
    where c.nco_id in (
      select nco_id from comprobante
      where nco_proximo_intento <= now() and (nco_bloqueo_hasta is null or nco_bloqueo_hasta < now())
      order by nco_proximo_intento limit ${n} for update skip locked)
    returning c.nco_id, c.nco_tipo, c.nco_serie, c.nco_numero, c.nco_xml, c.nco_datos, c.nco_estado_sunat, c.nco_intentos, c.nco_proveedor, c.nco_ticket`);
  return rows.map((r) => ({
    ...r, nco_id: Number(r.nco_id), nco_numero: Number(r.nco_numero), nco_intentos: Number(r.nco_intentos),
    nco_datos: typeof r.nco_datos === 'string' ? JSON.parse(r.nco_datos) as DatosCpe : r.nco_datos,
  }));
}

export const documentoDe = (ruc: string, t: Tomado): DocumentoEnvio => ({
  ruc, tipo: t.nco_tipo as DocumentoEnvio['tipo'], serie: t.nco_serie, numero: t.nco_numero,
  nombre: nombreSunat(ruc, t.nco_tipo, t.nco_serie, t.nco_numero),
  xml: t.nco_xml ?? '', solicitud: t.nco_datos, ticket: t.nco_ticket,
});

export interface Respuesta {
  estado: string;
  codigo: string | null;
  texto: string;
  notas: NotaCdr[] | null;
  cdr: Buffer | null;
  ticket: string | null;
  hash?: string;
  codigoQr?: string;
  /** Next try; null once final. */
  proximo: Date | null;
}

/**
 * Writes the answer of the attempt `intento`; false when another worker has taken the document since.
 * In the same statement, what this document cancels (a summary's documents, a total credit note's
 * voucher: those whose `nco_baja_id` is this one) follows its final answer: 'anulado' when SUNAT
 * accepted it (or the demo checked it), and free to be cancelled again when SUNAT rejected it. A
 * cancelled factura or boleta leaves its order, which may then get another.
 */
export async function guardarRespuesta(db: Executor, ncoId: number, intento: number, r: Respuesta): Promise<boolean> {
  const anula = r.proximo === null && ['aceptado', 'observado', 'demo'].includes(r.estado);
  const libera = r.proximo === null && r.estado === 'rechazado';
  const rows = await selectRows<{ nco_id: number }>(db, sql`
    with hecho as (update comprobante set nco_estado_sunat = ${r.estado}, nco_respuesta_codigo = ${r.codigo}, nco_respuesta_texto = ${r.texto.slice(0, 1000)},
      nco_notas = ${r.notas === null ? null : JSON.stringify(r.notas)}::jsonb,
      nco_cdr = coalesce(${r.cdr?.toString('base64') ?? null}, nco_cdr), nco_ticket = coalesce(${r.ticket}, nco_ticket),
      nco_hash = coalesce(${r.hash ?? null}, nco_hash), nco_codigo_qr = coalesce(${r.codigoQr ?? null}, nco_codigo_qr),
      nco_respondido_en = case when ${r.proximo === null} then now() else nco_respondido_en end,
      nco_proximo_intento = ${r.proximo?.toISOString() ?? null}, nco_bloqueo_hasta = null
    where nco_id = ${ncoId} and nco_intentos = ${intento}
    returning nco_id),
    anulados as (update comprobante c set nco_estado_sunat = 'anulado'
      from hecho where ${anula} and c.nco_baja_id = hecho.nco_id and c.nco_estado_sunat <> 'anulado'
      returning c.ovt_id, c.nco_tipo, c.nco_serie, c.nco_numero),
    liberados as (update comprobante c set nco_baja_id = null
      from hecho where ${libera} and c.nco_baja_id = hecho.nco_id returning c.nco_id),
    ordenes as (update orden_venta o set ovt_comprobante = null, ovt_comprobante_enlace = null
      from anulados a where a.nco_tipo in ('01', '03') and o.ovt_id = a.ovt_id
        and o.ovt_comprobante = a.nco_serie || '-' || lpad(a.nco_numero::text, 8, '0') returning o.ovt_id)
    select nco_id, (select count(*) from liberados) + (select count(*) from ordenes) as efectos from hecho`);
  return rows.length === 1;
}

/** 'Reenviar': due now (also one the worker stopped retrying); an attempt already running keeps its lease. */
export async function adelantar(db: Executor, ncoId: number): Promise<void> {
  await db.execute(sql`update comprobante set nco_proximo_intento = now()
    where nco_id = ${ncoId} and nco_estado_sunat in ('por_enviar', 'enviado', 'error')`);
}

export interface Vencido {
  comprobante: string;
  fecha_emision: string;
  estado: string;
  respuesta: string | null;
}

/** Documents still without a final answer whose issue date is more than `plazoDias` days before `hoy`. */
export function vencidos(db: Executor, hoy: string, plazoDias: number): Promise<Vencido[]> {
  return selectRows<Vencido>(db, sql`
    select nco_serie || '-' || lpad(nco_numero::text, 8, '0') as comprobante, nco_fecha_emision::text as fecha_emision,
      nco_estado_sunat as estado, nco_respuesta_texto as respuesta
    from comprobante
    where nco_estado_sunat in ('por_enviar', 'enviado', 'error') and nco_fecha_emision < ${hoy}::date - ${plazoDias}::int
    order by nco_fecha_emision, nco_id limit 500`);
}

/** Claims today's overdue mail for this instance: true once a day across instances. */
export async function reclamarAlerta(db: Executor, hoy: string): Promise<boolean> {
  const rows = await selectRows<{ emi_id: number }>(db, sql`
    update emisor_cpe set emi_alerta_fecha = ${hoy}::date where emi_id = 1 and emi_alerta_fecha is distinct from ${hoy}::date returning emi_id`);
  return rows.length === 1;
}

/** Active staff who administer the e-vouchers: SUPER and those granted the settings module, VISUALIZADOR aside (it cannot act). */
export function correosAdministradores(db: Executor): Promise<{ correo: string }[]> {
  return selectRows<{ correo: string }>(db, sql`
    select distinct u.usu_correo as correo from usuario u
    where u.usu_estado = 1 and u.tiu_id <> 3 and exists (
      select 1 from usuario_rol ur join rol r on r.rol_id = ur.rol_id
      where ur.usu_id = u.usu_id and r.rol_id <> ${ROLE.VISUALIZADOR} and (r.rol_id = ${ROLE.SUPER} or exists (
        select 1 from rol_modulo rm join modulo m on m.mod_id = rm.mod_id where rm.rol_id = r.rol_id and m.mod_codigo = 'facturacion_electronica')))`);
}

/** 'Probar conexión' asked on the screen: taken by one worker (the state moves to 'probando'). */
export async function tomarPrueba(db: Executor): Promise<boolean> {
  const rows = await selectRows<{ emi_id: number }>(db, sql`
    update emisor_cpe set emi_prueba_estado = 'probando' where emi_id = 1 and emi_prueba_estado = 'pendiente' returning emi_id`);
  return rows.length === 1;
}

export async function guardarPrueba(db: Executor, ok: boolean, mensaje: string): Promise<void> {
  await db.execute(sql`update emisor_cpe set emi_prueba_estado = ${ok ? 'ok' : 'error'}, emi_prueba_mensaje = ${mensaje.slice(0, 500)}, emi_prueba_en = now()
    where emi_id = 1 and emi_prueba_estado = 'probando'`);
}

/**
 * The signed XML of a document numbered without it (the issue signs right after its transaction; the
 * worker when the issue could not). Only the first writer stores it; the document becomes due now.
 */
export async function guardarFirma(db: Executor, ncoId: number, xml: string, digest: string, codigoQr: string): Promise<boolean> {
  const rows = await selectRows<{ nco_id: number }>(db, sql`
    update comprobante set nco_xml = ${xml}, nco_hash = ${digest}, nco_codigo_qr = ${codigoQr},
      nco_proximo_intento = case when nco_proximo_intento is null then null else now() end
    where nco_id = ${ncoId} and nco_xml is null
    returning nco_id`);
  return rows.length === 1;
}
