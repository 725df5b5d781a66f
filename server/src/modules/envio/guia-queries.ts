import type { EnvioGuiaFila } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Executor, type Tx } from '../../db/client.ts';
import type { GuiaSolicitud } from '../../platform/cpe/guias/guia.ts';
import { lima } from './queries.ts';

/**
 * The sender guide's tables (issue 23): `guia_remision` (the dispatch's guide: driver, weight, reason)
 * and the `comprobante` row of type '09' the worker sends, whose state, signed XML and CDR are the
 * guide's.
 */

export interface DatosGuia {
  env_codigo: string; ovt_id: number; env_cantidad: string; env_fecha_hora_salida: string; ovd_producto: string; pvt_id: number;
  pvt_peso: string | null; unm_simbolo: string; mix_placa: string; ovt_direccion_envio: string; ubi_id: string; tdi_codigo: string;
  cli_documento_identidad: string; cli_nombre: string; cli_domicilio_fiscal: string; cli_correo: string | null;
  cdt_nombre: string | null; cdt_apellido: string | null; cdt_tipo_documento: string | null; cdt_numero_documento: string | null; cdt_licencia: string | null;
}

/** What the guide declares of the dispatch, its order, client, product and mixer, and of the driver (null fields when the driver is not active). */
export async function datos(db: Executor, envId: number, cdtId: number): Promise<DatosGuia | undefined> {
  const [r] = await selectRows<DatosGuia>(db, sql`
    select v.env_codigo, v.ovt_id, v.env_cantidad::text as env_cantidad, v.env_fecha_hora_salida::text as env_fecha_hora_salida,
      d.ovd_producto, d.pvt_id, p.pvt_peso::text as pvt_peso, um.unm_simbolo, m.mix_placa, o.ovt_direccion_envio, o.ubi_id, t.tdi_codigo,
      c.cli_documento_identidad, c.cli_nombre, c.cli_domicilio_fiscal, c.cli_correo,
      cd.cdt_nombre, cd.cdt_apellido, cd.cdt_tipo_documento, cd.cdt_numero_documento, cd.cdt_licencia
    from envio v join orden_venta o on o.ovt_id = v.ovt_id join orden_venta_detalle d on d.ovd_id = v.ovd_id
      join producto_venta p on p.pvt_id = d.pvt_id join unidad_medida um on um.unm_id = p.unm_id join mixer m on m.mix_id = v.mix_id
      join cliente c on c.cli_id = o.cli_id join tipo_documento_identidad t on t.tdi_id = c.tdi_id
      left join conductor cd on cd.cdt_id = ${cdtId} and cd.cdt_estado = 1
    where v.env_id = ${envId}`);
  return r && { ...r, ovt_id: Number(r.ovt_id), pvt_id: Number(r.pvt_id) };
}

/** The dispatch's guide, if any: 'T001-00000001'. */
export async function previa(tx: Tx, envId: number): Promise<string | null> {
  const [r] = await selectRows<{ guia: string }>(tx, sql`select ngu_serie || '-' || lpad(ngu_numero::text, 8, '0') as guia from guia_remision where env_id = ${envId}`);
  return r?.guia ?? null;
}

export interface NuevaGuia {
  envId: number; cdtId: number; ovtId: number; usuId: number; canal: string; s: GuiaSolicitud; clave: string; proximo: Date; now: Date;
}

export const enlaceGuia = (nguId: number) => `/api/envio/verGuiaRemitente?ngu_id=${nguId}`;

/** The comprobante row (por_enviar) and the dispatch's guide linked to it; the dispatch's version moves. */
export async function insertar(tx: Tx, g: NuevaGuia): Promise<{ ncoId: number; nguId: number }> {
  const { s } = g;
  const [c] = await selectRows<{ nco_id: number }>(tx, sql`
    insert into comprobante (ovt_id, tid_id, nco_tipo, nco_serie, nco_numero, nco_fecha_emision, nco_total, nco_proveedor, nco_datos,
      nco_estado_sunat, nco_proximo_intento, nco_clave_publica, nco_usuario, nco_fecha_registro)
    values (${g.ovtId}, null, '09', ${s.serie}, ${s.numero}, ${s.fecha_emision}, 0, ${g.canal}, ${JSON.stringify(s)}::jsonb,
      'por_enviar', ${g.proximo.toISOString()}, ${g.clave}, ${g.usuId}, ${g.now.toISOString()})
    returning nco_id`);
  const ncoId = Number(c.nco_id);
  const [r] = await selectRows<{ ngu_id: number }>(tx, sql`
    insert into guia_remision (env_id, cdt_id, ngu_serie, ngu_numero, ngu_proveedor, nco_id, ngu_peso_bruto, ngu_unidad_peso, ngu_motivo_traslado,
      usu_id, ngu_fecha_registro)
    values (${g.envId}, ${g.cdtId}, ${s.serie}, ${s.numero}, ${g.canal}, ${ncoId}, ${s.peso_bruto}, ${s.unidad_peso}, ${s.motivo_traslado},
      ${g.usuId}, ${g.now.toISOString()})
    returning ngu_id`);
  const nguId = Number(r.ngu_id);
  await tx.execute(sql`update comprobante set nco_enlace = ${enlaceGuia(nguId)} where nco_id = ${ncoId}`);
  await tx.execute(sql`update envio set env_version = env_version + 1 where env_id = ${g.envId}`);
  return { ncoId, nguId };
}

export interface GuiaRow {
  ngu_id: number; ngu_serie: string; ngu_numero: number; nco_id: number | null; nco_estado_sunat: string | null;
  nco_codigo_qr: string | null; nco_datos: GuiaSolicitud | null; nco_xml: string | null; nco_cdr: string | null;
}

/** A guide by its id or its dispatch, with its e-document's state and request. */
export async function porReferencia(db: Executor, ref: { env_id?: number; ngu_id?: number }): Promise<GuiaRow | undefined> {
  const where = ref.ngu_id ? sql`g.ngu_id = ${ref.ngu_id}` : sql`g.env_id = ${ref.env_id ?? 0}`;
  const [r] = await selectRows<GuiaRow>(db, sql`
    select g.ngu_id, g.ngu_serie, g.ngu_numero, g.nco_id, c.nco_estado_sunat, c.nco_codigo_qr, c.nco_datos, c.nco_xml, c.nco_cdr
    from guia_remision g left join comprobante c on c.nco_id = g.nco_id where ${where}`);
  if (!r) return undefined;
  const datos = typeof r.nco_datos === 'string' ? JSON.parse(r.nco_datos) as GuiaSolicitud : r.nco_datos;
  return { ...r, ngu_id: Number(r.ngu_id), ngu_numero: Number(r.ngu_numero), nco_id: r.nco_id === null ? null : Number(r.nco_id), nco_datos: datos };
}

/**
 * The dispatch's guides with their state. The link once SUNAT accepted (its QR link, or our PDF when
 * the answer brought none); in the demo our PDF, which says it is a demonstration; else none.
 */
export async function guias(db: Executor, envId: number): Promise<EnvioGuiaFila[]> {
  const rows = await selectRows<EnvioGuiaFila>(db, sql`
    select g.ngu_id, g.ngu_serie, g.ngu_numero, g.ngu_serie || '-' || lpad(g.ngu_numero::text, 8, '0') as guia, g.cdt_id,
      c.cdt_nombre || ' ' || c.cdt_apellido as cdt_nombre, coalesce(n.nco_datos->'conductor'->>'licencia', c.cdt_licencia) as cdt_licencia,
      g.ngu_peso_bruto::text as ngu_peso_bruto, g.ngu_unidad_peso, g.nco_id, coalesce(n.nco_estado_sunat, 'por_enviar') as nco_estado_sunat,
      n.nco_respuesta_texto as nco_respuesta,
      case when n.nco_estado_sunat in ('aceptado', 'observado') then coalesce(nullif(n.nco_codigo_qr, ''), '/api/envio/verGuiaRemitente?ngu_id=' || g.ngu_id)
        when n.nco_estado_sunat = 'demo' then '/api/envio/verGuiaRemitente?ngu_id=' || g.ngu_id end as ngu_enlace,
      coalesce(n.nco_estado_sunat in ('aceptado', 'observado'), false) as aceptada, coalesce(n.nco_estado_sunat = 'demo', false) as demo,
      case when n.nco_estado_sunat in ('aceptado', 'observado') then ${lima('n.nco_respondido_en')} end as ngu_aceptada_en,
      ${lima('g.ngu_fecha_registro')} as ngu_fecha_registro
    from guia_remision g join conductor c on c.cdt_id = g.cdt_id left join comprobante n on n.nco_id = g.nco_id
    where g.env_id = ${envId} order by g.ngu_id`);
  return rows.map((r) => ({ ...r, ngu_id: Number(r.ngu_id), ngu_numero: Number(r.ngu_numero), cdt_id: Number(r.cdt_id), nco_id: r.nco_id === null ? null : Number(r.nco_id) }));
}

/** The guide (ngu_id) whose document sent to SUNAT is `ncoId`, or null. */
export async function guiaDeComprobante(db: Executor, ncoId: number): Promise<number | null> {
  const [r] = await selectRows<{ ngu_id: number }>(db, sql`select ngu_id from guia_remision where nco_id = ${ncoId}`);
  return r ? Number(r.ngu_id) : null;
}
