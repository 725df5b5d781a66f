import { AUDITORIA_ACCIONES, AuditoriaBuscar, isCorporate, limaDate, type AccessProfile, type AuditoriaFila, type AuditoriaFiltro } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { descargaConFiltros } from '../../platform/list-export.ts';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { fromPageQuery } from '../../platform/list.ts';
import { sendStreamedReport, type ReportColumn, type StreamedReport } from '../../platform/report-xlsx.ts';
import { caller } from '../../platform/request.ts';
import * as q from './queries.ts';

/**
 * Administración → Auditoría (issue 26): read-only for administrators and the AUDITOR role. Nothing in the
 * application changes or deletes an audit line. The log holds every project's actions, so a project-level
 * user is refused, as on the mail outbox.
 */
export default async function auditoriaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/auditoria/buscar', { ...gate({ module: 'auditoria', read: true }), schema: { tags: ['auditoria'], body: AuditoriaBuscar } }, async (req) => {
    const yo: AccessProfile = caller(req);
    if (!isCorporate(yo)) throw forbidden();
    const f = req.body.auditoria;
    const r = await q.buscar(deps.database.db, f, fromPageQuery(f.page));
    return ok({ page: { list: r.data, total: r.total, size: f.page.size, number: f.page.number, total_exacto: r.total_exacto, siguiente: r.siguiente } });
  });

  // The same filters as an xlsx, streamed in batches of 1 000 by key, at most 100 000 lines (the screen says so).
  app.post('/auditoria/exportar', { ...descargaConFiltros(gate({ module: 'auditoria', read: true })), schema: { tags: ['auditoria'], body: AuditoriaBuscar } }, async (req, reply) => {
    if (!isCorporate(caller(req))) throw forbidden();
    return sendStreamedReport(reply, req.log, exportar(deps, req.body.auditoria));
  });

  // The users the filter offers: every account (the AUDITOR has no users module to read them from).
  app.post('/auditoria/usuarios', { ...gate({ module: 'auditoria', read: true }), schema: { tags: ['auditoria'] } }, async (req) => {
    if (!isCorporate(caller(req))) throw forbidden();
    return ok(await q.usuarios(deps.database.db));
  });
}

export const EXPORTAR_MAXIMO = 100_000;

function exportar(deps: Deps, f: AuditoriaFiltro): StreamedReport<AuditoriaFila> {
  async function* lotes(): AsyncGenerator<AuditoriaFila[]> {
    let despues: string | null = null;
    for (let escritas = 0; escritas < EXPORTAR_MAXIMO;) {
      const r = await q.buscar(deps.database.db, f, { start: 0, length: Math.min(1000, EXPORTAR_MAXIMO - escritas), contar: false, despues });
      if (r.data.length) yield r.data;
      escritas += r.data.length;
      if (!r.siguiente) return;
      despues = r.siguiente;
    }
  }
  const columnas: ReportColumn<AuditoriaFila>[] = [
    { header: 'Fecha', width: 20, kind: 'datetime', value: (a) => a.aud_fecha.replace(' ', 'T') },
    { header: 'Usuario', width: 30, kind: 'text', value: (a) => a.usuario },
    { header: 'Acción', width: 26, kind: 'text', value: (a) => AUDITORIA_ACCIONES[a.aud_accion] ?? a.aud_accion },
    { header: 'Módulo', width: 22, kind: 'text', value: (a) => a.aud_modulo },
    { header: 'Documento', width: 26, kind: 'text', value: (a) => a.aud_documento },
    { header: 'Ruta', width: 36, kind: 'text', value: (a) => a.aud_ruta },
    { header: 'Dirección', width: 16, kind: 'text', value: (a) => a.aud_ip },
    { header: 'Resultado', width: 10, kind: 'int', value: (a) => a.aud_estado_http },
    { header: 'Detalle', width: 80, kind: 'text', value: (a) => (a.aud_detalle ? JSON.stringify(a.aud_detalle).slice(0, 30_000) : null) },
  ];
  return { filename: `auditoria-${limaDate().split('-').reverse().join('-')}.xlsx`, sheet: 'Auditoría', columns: columnas, batches: lotes(), footer: async () => [] };
}
