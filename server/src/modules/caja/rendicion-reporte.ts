import type { AccessProfile, CajaFiltroDatos } from '@obra/domain';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendStreamedReport, type ReportColumn } from '../../platform/report-xlsx.ts';
import { condiciones } from './queries.ts';
import * as q from './rendicion-queries.ts';
import { alcance } from './service.ts';

/**
 * `/rendicion/generarReporteRendicion` (spec 2 §2 "expense reports (excel)"): every document of the
 * settlements of the cash boxes the list's filter and scope select (or of one cash box, `caj_id`),
 * streamed in keyset batches with the order reports' writer; a total per currency at the end.
 */

export const REPORTE_RENDICION_ARCHIVO = 'reporte-rendiciones.xlsx';
export const REPORTE_RENDICION_LOTE = 2000;

const COLUMNS: ReportColumn<q.ReporteRow>[] = [
  { header: 'Código de caja', width: 18, kind: 'text', value: (r) => r.caj_codigo },
  { header: 'Título', width: 36, kind: 'text', value: (r) => r.caj_titulo },
  { header: 'Estado', width: 22, kind: 'text', value: (r) => r.est_descripcion },
  { header: 'Solicitante', width: 28, kind: 'text', value: (r) => r.solicitante },
  { header: 'N°', width: 5, kind: 'int', value: (r) => r.red_item },
  { header: 'Fecha', width: 12, kind: 'date', value: (r) => r.red_fecha },
  { header: 'DNI/RUC', width: 13, kind: 'text', value: (r) => r.red_dni_ruc },
  { header: 'Razón social', width: 36, kind: 'text', value: (r) => r.red_razon_social },
  { header: 'Descripción', width: 40, kind: 'text', value: (r) => r.red_descripcion || null },
  { header: 'Centro de costo', width: 16, kind: 'text', value: (r) => r.cec_codigo },
  { header: 'Tipo de documento', width: 24, kind: 'text', value: (r) => r.tid_descripcion },
  { header: 'Serie', width: 8, kind: 'text', value: (r) => r.red_serie },
  { header: 'Número', width: 12, kind: 'text', value: (r) => r.red_numero },
  { header: 'Importe', width: 14, kind: 'money', value: (r) => r.red_importe },
  { header: 'Moneda', width: 8, kind: 'text', value: (r) => r.mon_simbolo },
];

async function* lotes(deps: Deps, where: ReturnType<typeof condiciones>): AsyncGenerator<q.ReporteRow[]> {
  let after: { caj_id: number; red_item: number } | null = null;
  for (;;) {
    const rows = await q.reporteLote(deps.database.db, where, after, REPORTE_RENDICION_LOTE);
    if (rows.length) yield rows;
    if (rows.length < REPORTE_RENDICION_LOTE) return;
    const last = rows[rows.length - 1];
    after = { caj_id: last.caj_id, red_item: last.red_item };
  }
}

export function reporteRendicion(deps: Deps, caller: AccessProfile, f: CajaFiltroDatos, reply: FastifyReply, log: FastifyBaseLogger) {
  const { page: _page, ...filtro } = f;
  const where = condiciones(filtro, alcance(caller));
  const importe = COLUMNS.findIndex((c) => c.header === 'Importe');
  return sendStreamedReport(reply, log, {
    filename: REPORTE_RENDICION_ARCHIVO,
    sheet: 'Rendiciones',
    columns: COLUMNS,
    batches: lotes(deps, where),
    footer: async () => (await q.reporteTotales(deps.database.db, where)).map((t) =>
      COLUMNS.map((c, i) => (i === 0 ? `Total ${t.mon_simbolo}` : i === importe ? t.total : c.header === 'Moneda' ? t.mon_simbolo : null))),
  });
}
