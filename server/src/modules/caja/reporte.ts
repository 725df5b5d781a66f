import type { AccessProfile, CajaFiltroDatos } from '@obra/domain';
import { rendicionTotales, saldoPendiente } from '@obra/domain';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendStreamedReport, type ReportColumn } from '../../platform/report-xlsx.ts';
import * as q from './queries.ts';
import { alcance } from './service.ts';

/**
 * `/caja/generarReporteCaja` (spec 2 §2 "cash report (excel)"): the cash boxes the list would show
 * for the same filter and scope, every page of them, newest first, written as they are read in
 * batches with the order reports' streaming writer. Amounts are number cells with two decimals.
 */

export const REPORTE_CAJA_ARCHIVO = 'reporte-cajas.xlsx';
export const REPORTE_LOTE = 500;

type Fila = q.FilaRow & { saldo: string };

const COLUMNS: ReportColumn<Fila>[] = [
  { header: 'Código', width: 18, kind: 'text', value: (r) => r.caj_codigo },
  { header: 'Tipo', width: 18, kind: 'text', value: (r) => r.tca_nombre },
  { header: 'Centro de costo', width: 40, kind: 'text', value: (r) => `${r.cec_codigo} - ${r.cec_descripcion}` },
  { header: 'Título', width: 44, kind: 'text', value: (r) => r.caj_titulo },
  { header: 'Moneda', width: 8, kind: 'text', value: (r) => r.mon_simbolo },
  { header: 'Monto', width: 14, kind: 'money', value: (r) => r.caj_monto },
  { header: 'Total rendido', width: 14, kind: 'money', value: (r) => r.ren_total },
  { header: 'Saldo', width: 14, kind: 'money', value: (r) => r.saldo },
  { header: 'Solicitante', width: 28, kind: 'text', value: (r) => r.usu_solicitante_nombre },
  { header: 'Gerente', width: 28, kind: 'text', value: (r) => r.usu_gerente_nombre },
  { header: 'Estado', width: 24, kind: 'text', value: (r) => r.est_descripcion },
  { header: 'Fecha de registro', width: 20, kind: 'datetime', value: (r) => r.caj_fecha_registro },
  { header: 'Fecha de depósito', width: 14, kind: 'date', value: (r) => r.caj_fecha_deposito },
];

async function* lotes(deps: Deps, caller: AccessProfile, f: CajaFiltroDatos): AsyncGenerator<Fila[]> {
  const { page: _page, ...filtro } = f;
  const a = alcance(caller);
  let antesDe: number | null = null;
  for (;;) {
    const rows = await q.lote(deps.database.db, filtro, a, antesDe, REPORTE_LOTE);
    // The balance as the settlement computes it (amount − documents, decimal), none once closed: one rule for screen and file.
    if (rows.length) yield rows.map((r) => ({ ...r, saldo: saldoPendiente(r.est_id, rendicionTotales(r.caj_monto, [r.ren_total]).ren_saldo) }));
    if (rows.length < REPORTE_LOTE) return;
    antesDe = rows[rows.length - 1].caj_id;
  }
}

export function reporteCaja(deps: Deps, caller: AccessProfile, f: CajaFiltroDatos, reply: FastifyReply, log: FastifyBaseLogger) {
  return sendStreamedReport(reply, log, {
    filename: REPORTE_CAJA_ARCHIVO,
    sheet: 'Cajas',
    columns: COLUMNS,
    batches: lotes(deps, caller, f),
    footer: async () => [],
  });
}
