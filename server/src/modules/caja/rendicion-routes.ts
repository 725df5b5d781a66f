import { CAJA_MSG, CajaCierre, CajaFiltro, CajaId, RendicionRegistrar, type CajAccion } from '@obra/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { descargaConFiltros } from '../../platform/list-export.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { contentDisposition, readUpload } from '../../platform/files.ts';
import { caller } from '../../platform/request.ts';
import { cerrar, descargarVoucher, VOUCHER_RULE, type CierreAccion } from './cierre.ts';
import { XLSX_MIME } from '../../platform/xlsx.ts';
import { PLANTILLA_ARCHIVO, PLANTILLA_RUTA, RENDICION_XLSX } from './rendicion-archivo.ts';
import { reporteRendicion } from './rendicion-reporte.ts';
import * as service from './rendicion-service.ts';
import { transicion } from './service.ts';

const tags = ['caja'];
const read = gate({ module: 'caja', read: true });
const write = gate({ module: 'caja' });

/** The multipart `caj_id` field; missing or not an id answers CAJA_MSG.cajIdFalta. */
function cajIdDe(fields: Record<string, string>): number {
  const id = z.coerce.number().int().positive().max(2_147_483_647).safeParse(fields.caj_id);
  if (!id.success) throw badRequest(CAJA_MSG.cajIdFalta);
  return id.data;
}

const cargados = (n: number) => (n === 1 ? 'Se cargó 1 documento del archivo' : `Se cargaron ${n} documentos del archivo`);

/** Settlements (spec 2 §7 "Settlements"), module caja. */
export default async function rendicionRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/rendicion/registrar', { ...write, schema: { tags, body: RendicionRegistrar } }, async (req) => {
    await service.registrar(deps, caller(req), req.body.caj_id, req.body.lista_rendicion_detalle);
    return ok(null, CAJA_MSG.rendicionRegistrada);
  });

  // Checks and answers the lines; saves nothing (the grid registers them).
  app.post('/rendicion/cargarArchivo', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', RENDICION_XLSX);
    const lineas = await service.cargarArchivo(deps, caller(req), cajIdDe(fields), file);
    return ok(lineas, cargados(lineas.length));
  });

  app.post('/rendicion/adjuntarPdf', { ...write, schema: { tags, consumes: ['multipart/form-data'] } }, async (req) => {
    const { fields, file } = await readUpload(req, 'file', service.PDF_RULE);
    return ok(await service.adjuntarPdf(deps, caller(req), cajIdDe(fields), file), CAJA_MSG.pdfAdjuntado);
  });

  app.post('/rendicion/descargarPdf', { ...read, schema: { tags, body: CajaId } }, async (req, reply) => {
    const { content, nombre } = await service.descargarPdf(deps, caller(req), req.body.caja.caj_id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(nombre, 'inline'))
      .header('cache-control', 'private, no-store').send(content);
  });

  app.post('/rendicion/obtenerRendicionxCaja', { ...read, schema: { tags, body: CajaId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.caja.caj_id)));

  app.post('/rendicion/obtenerRendiciones', { ...read, schema: { tags, body: CajaFiltro } },
    async (req) => ok(await service.listar(deps, caller(req), req.body.caja)));

  app.post('/rendicion/generarReporteRendicion', { ...descargaConFiltros(read), schema: { tags, body: CajaFiltro } },
    (req, reply) => reporteRendicion(deps, caller(req), req.body.caja, reply, req.log));

  // The settlement's approval (DECISIONS §5): the cash's manager or option aprobar_caja approve; the domain decides.
  const accion = (a: CajAccion, message: string) => async (req: FastifyRequest<{ Body: z.output<typeof CajaId> }>) =>
    ok(await transicion(deps, caller(req), req.body.caja.caj_id, a, { observacion: req.body.caja.caj_observacion }), message);
  const conId = { ...write, schema: { tags, body: CajaId } };
  app.post('/rendicion/solicitarAprobacionRendicion', conId, accion('solicitar_aprobacion_rendicion', CAJA_MSG.rendicionSolicitada));
  app.post('/rendicion/aprobar', conId, accion('aprobar_rendicion', CAJA_MSG.rendicionAprobada));
  app.post('/rendicion/desaprobar', conId, accion('desaprobar_rendicion', CAJA_MSG.rendicionDesaprobada));

  // Closing the balance of an approved settlement (issue 24): multipart, the voucher in `file` and the
  // CajaCierre fields. Treasury reimburses; the requester (or its registrar) or treasury registers a return.
  const cierre = (a: CierreAccion, message: string) => async (req: FastifyRequest) => {
    const { fields, file } = await readUpload(req, 'file', VOUCHER_RULE);
    const datos = CajaCierre.safeParse(fields);
    if (!datos.success) throw badRequest(datos.error.issues[0]?.message ?? CAJA_MSG.cajIdFalta);
    return ok(await cerrar(deps, caller(req), a, datos.data, file), message);
  };
  const multipart = { ...write, schema: { tags, consumes: ['multipart/form-data'] } };
  app.post('/rendicion/reembolsar', multipart, cierre('reembolsar_caja', CAJA_MSG.reembolsada));
  app.post('/rendicion/devolver', multipart, cierre('devolver_caja', CAJA_MSG.devuelta));

  app.post('/rendicion/descargarVoucher', { ...read, schema: { tags, body: CajaId } }, async (req, reply) => {
    const { content, mime, nombre } = await descargarVoucher(deps, caller(req), req.body.caja.caj_id);
    return reply.header('content-type', mime).header('content-disposition', contentDisposition(nombre, 'inline'))
      .header('cache-control', 'private, no-store').send(content);
  });
}

/** The template changes only with the document types: built once, kept a few minutes. */
const PLANTILLA_TTL_MS = 10 * 60_000;
const plantillas = new WeakMap<Deps, { hasta: number; buffer: Promise<Buffer> }>();

function plantillaCache(deps: Deps): Promise<Buffer> {
  const hit = plantillas.get(deps);
  if (hit && hit.hasta > Date.now()) return hit.buffer;
  const buffer = service.plantilla(deps);
  plantillas.set(deps, { hasta: Date.now() + PLANTILLA_TTL_MS, buffer });
  // A failed build is not kept: the next request tries again.
  buffer.catch(() => plantillas.delete(deps));
  return buffer;
}

/**
 * `GET /plantillas/rendicion/documentos.xlsx` (spec 2 §7 "Template download"): outside /api, as the
 * spec's static file, and without a session since it holds no data. Registered at the root by
 * app.ts; a static route wins over the web's wildcard and history fallback.
 */
export function plantillaRendicionRoute(app: FastifyInstance, deps: Deps) {
  app.get(PLANTILLA_RUTA, async (_req, reply) => reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(PLANTILLA_ARCHIVO))
    .header('cache-control', 'public, max-age=600')
    .send(await plantillaCache(deps)));
}
