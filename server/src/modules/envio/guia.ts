import type { AccessProfile, EnvioDetalle } from '@obra/domain';
import { ENVIO_MSG as M, GUIA_SERIE, envGuiaGenerable, limaDate } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { guiaTexto, type GuiaEmitida, type GuiaSolicitud } from '../../platform/cpe/guias/guia.ts';
import type { TipoDocumentoCliente } from '../../platform/cpe/tipos.ts';
import { nextNumber } from '../../platform/counters.ts';
import { AppError, PG, badRequest, conflict, notFound, pgErrorCode } from '../../platform/errors.ts';
import { unidadSunat } from '../orden_venta/comprobante-solicitud.ts';
import { lockEnvios } from './programacion.ts';
import { detalleEn } from './service.ts';

/**
 * The sender guide (guía de remisión remitente, series T001; spec 3 §2 "Dispatches", DECISIONS §6).
 * One transaction: lock the dispatch, check it is en_ruta without a guide, take T001's next number
 * (per series, year 0, like the vouchers), ask the provider and store what it answered with the time
 * SUNAT accepts it. A refusal rolls back (the number is given back). Of two calls at once the second
 * waits on the dispatch's lock and finds the guide; guia_remision_envio_uq is the last guard.
 */

const HORA = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const tipoDocumento = (c: string): TipoDocumentoCliente => (['6', '1', '4'].includes(c) ? c as TipoDocumentoCliente : '0');

interface Datos {
  env_codigo: string; ovt_id: number; env_cantidad: string; env_fecha_hora_salida: string; ovd_producto: string; pvt_id: number; unm_simbolo: string;
  mix_placa: string; ovt_direccion_envio: string; ubi_id: string; tdi_codigo: string; cli_documento_identidad: string; cli_nombre: string;
  cli_domicilio_fiscal: string; cdt_nombre: string | null; cdt_apellido: string | null; cdt_placa: string | null;
}

async function datos(db: Executor, envId: number, cdtId: number): Promise<Datos | undefined> {
  const [r] = await selectRows<Datos>(db, sql`
    select v.env_codigo, v.ovt_id, v.env_cantidad::text as env_cantidad, v.env_fecha_hora_salida::text as env_fecha_hora_salida,
      d.ovd_producto, d.pvt_id, um.unm_simbolo, m.mix_placa, o.ovt_direccion_envio, o.ubi_id, t.tdi_codigo,
      c.cli_documento_identidad, c.cli_nombre, c.cli_domicilio_fiscal, cd.cdt_nombre, cd.cdt_apellido, cd.cdt_placa
    from envio v join orden_venta o on o.ovt_id = v.ovt_id join orden_venta_detalle d on d.ovd_id = v.ovd_id
      join producto_venta p on p.pvt_id = d.pvt_id join unidad_medida um on um.unm_id = p.unm_id join mixer m on m.mix_id = v.mix_id
      join cliente c on c.cli_id = o.cli_id join tipo_documento_identidad t on t.tdi_id = c.tdi_id
      left join conductor cd on cd.cdt_id = ${cdtId} and cd.cdt_estado = 1
    where v.env_id = ${envId}`);
  return r;
}

function solicitud(deps: Deps, d: Datos, numero: number, now: Date): GuiaSolicitud {
  const c = deps.config.company;
  return {
    serie: GUIA_SERIE, numero, fecha_emision: limaDate(now), hora_emision: HORA.format(now), fecha_traslado: limaDate(new Date(d.env_fecha_hora_salida)),
    destinatario: { tipo_documento: tipoDocumento(d.tdi_codigo), numero_documento: d.cli_documento_identidad, nombre: d.cli_nombre, direccion: d.cli_domicilio_fiscal },
    conductor: { nombre: d.cdt_nombre ?? '', apellido: d.cdt_apellido ?? '', licencia_placa: d.cdt_placa ?? '' },
    vehiculo_placa: d.mix_placa,
    partida: { direccion: c.address, ubigeo: c.ubigeo },
    llegada: { direccion: d.ovt_direccion_envio, ubigeo: d.ubi_id },
    lineas: [{ codigo: `PV-${d.pvt_id}`, descripcion: d.ovd_producto, unidad: unidadSunat(d.unm_simbolo), cantidad: d.env_cantidad }],
    envio: d.env_codigo, orden: `OV-${d.ovt_id}`,
  };
}

export const enlaceGuia = (nguId: number) => `/api/envio/verGuiaRemitente?ngu_id=${nguId}`;

export async function generar(deps: Deps, caller: AccessProfile, envId: number, cdtId: number, now = new Date()): Promise<{ envio: EnvioDetalle; guia: string }> {
  try {
    return await deps.database.db.transaction(async (tx) => {
      const v = (await lockEnvios(tx, [envId])).get(envId);
      if (!v) throw notFound(M.notFound);
      const [previa] = await selectRows<{ guia: string }>(tx, sql`select ngu_serie || '-' || lpad(ngu_numero::text, 8, '0') as guia from guia_remision where env_id = ${envId}`);
      if (previa) throw conflict(M.guiaYaEmitida(previa.guia));
      if (!envGuiaGenerable(v.est_id, false)) throw conflict(M.guiaNoEnRuta);
      const d = await datos(tx, envId, cdtId);
      if (!d) throw notFound(M.notFound);
      if (d.cdt_nombre === null) throw badRequest(M.conductorNoExiste);
      const numero = await nextNumber(tx, GUIA_SERIE, 0);
      const s = solicitud(deps, d, numero, now);
      let e: GuiaEmitida;
      try {
        e = await deps.guias.emitirGuia(s);
      } catch (err) {
        throw new AppError(502, M.guiaProveedor(err instanceof Error ? err.message : String(err)));
      }
      if (!e.aceptado) throw conflict(M.guiaProveedor(e.mensaje));
      const [r] = await selectRows<{ ngu_id: number }>(tx, sql`
        insert into guia_remision (env_id, cdt_id, ngu_serie, ngu_numero, ngu_proveedor, ngu_aceptada_en, ngu_datos, ngu_xml, usu_id, ngu_fecha_registro)
        values (${envId}, ${cdtId}, ${GUIA_SERIE}, ${numero}, ${deps.guias.nombre}, ${e.aceptada_en?.toISOString() ?? null},
          ${JSON.stringify({ solicitud: s, hash: e.hash, enlace_pdf: e.enlace_pdf })}::jsonb, ${e.xml}, ${caller.usu_id}, ${now.toISOString()})
        returning ngu_id`);
      const nguId = Number(r.ngu_id);
      await tx.execute(sql`update guia_remision set ngu_enlace = ${enlaceGuia(nguId)} where ngu_id = ${nguId}`);
      await tx.execute(sql`update envio set env_version = env_version + 1 where env_id = ${envId}`);
      return { envio: await detalleEn(tx, caller, envId, now), guia: guiaTexto(GUIA_SERIE, numero) };
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgErrorCode(err) === PG.uniqueViolation) throw conflict(M.guiaYaEmitida('emitida'));
    throw err;
  }
}

/** The guide's PDF once SUNAT accepted it; before that 409 with the spec's text (spec 3 §9). */
export async function pdf(deps: Deps, ref: { env_id?: number; ngu_id?: number }, now = new Date()): Promise<{ content: Buffer; nombre: string }> {
  const where = ref.ngu_id ? sql`ngu_id = ${ref.ngu_id}` : sql`env_id = ${ref.env_id ?? 0}`;
  const [g] = await selectRows<{ ngu_id: number; ngu_serie: string; ngu_numero: number; ngu_aceptada_en: string | null; ngu_datos: { solicitud: GuiaSolicitud; hash: string | null; enlace_pdf: string | null } | null; ngu_xml: string | null }>(
    deps.database.db, sql`select ngu_id, ngu_serie, ngu_numero, ngu_aceptada_en::text as ngu_aceptada_en, ngu_datos, ngu_xml from guia_remision where ${where}`);
  if (!g || !g.ngu_datos) throw notFound(M.guiaNoExiste);
  const texto = guiaTexto(g.ngu_serie, Number(g.ngu_numero));
  if (!g.ngu_aceptada_en || new Date(g.ngu_aceptada_en).getTime() > now.getTime()) throw conflict(M.guiaNoAceptada(texto));
  const emitida: GuiaEmitida = {
    aceptado: true, estado_sunat: 'aceptado', mensaje: '', aceptada_en: new Date(g.ngu_aceptada_en),
    enlace_pdf: g.ngu_datos.enlace_pdf, xml: g.ngu_xml, hash: g.ngu_datos.hash,
  };
  try {
    return { content: await deps.guias.guiaPdf(g.ngu_datos.solicitud, emitida), nombre: `${texto}.pdf` };
  } catch (err) {
    throw new AppError(502, M.guiaProveedor(err instanceof Error ? err.message : 'no se pudo obtener el PDF'));
  }
}
