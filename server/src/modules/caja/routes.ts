import { CAJA_MSG, CajaAprobadores, CajaDepositar, CajaEditar, CajaFiltro, CajaId, CajaRegistrar, type CajAccion } from '@obra/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { descargaConFiltros } from '../../platform/list-export.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import { reporteCaja } from './reporte.ts';
import rendicionRoutes from './rendicion-routes.ts';
import * as service from './service.ts';

const tags = ['caja'];
const read = gate({ module: 'caja', read: true });
// Approving is not gated by the option: the cash's manager approves without it; the domain decides (DECISIONS §5).
const write = gate({ module: 'caja' });
const noBody = z.object({}).passthrough().nullish();

/** Petty cash (spec 2 §7 "Petty cash"), module caja; the settlements' routes (module caja too) are in rendicion-routes.ts. */
export default async function cajaRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/caja/cargarDatos', { ...read, schema: { tags, body: noBody } },
    async (req) => ok(await service.cargarDatos(deps, caller(req))));

  // The approvers a cash box of that cost centre may name, the requester's managers first (issue 24).
  app.post('/caja/buscarAprobadores', { ...read, schema: { tags, body: CajaAprobadores } },
    async (req) => ok(await service.aprobadores(deps, caller(req), req.body.caja.cec_id, req.body.caja.usu_solicitante ?? null)));

  app.post('/caja/buscar', { ...read, schema: { tags, body: CajaFiltro } },
    async (req) => ok(await service.buscar(deps, caller(req), req.body.caja)));

  app.post('/caja/obtener', { ...read, schema: { tags, body: CajaId } },
    async (req) => ok(await service.obtener(deps, caller(req), req.body.caja.caj_id)));

  app.post('/caja/registrar', { ...write, schema: { tags, body: CajaRegistrar } }, async (req) => {
    const fila = await service.registrar(deps, caller(req), req.body.caja);
    return ok(fila, CAJA_MSG.registrada(fila.caj_codigo));
  });

  app.post('/caja/editar', { ...write, schema: { tags, body: CajaEditar } },
    async (req) => ok(await service.editar(deps, caller(req), req.body.caja), CAJA_MSG.editada));

  // A state change of DECISIONS §5 with its optional reason (the disapprovals').
  const accion = (a: CajAccion, message: string) => async (req: FastifyRequest<{ Body: z.output<typeof CajaId> }>) =>
    ok(await service.transicion(deps, caller(req), req.body.caja.caj_id, a, { observacion: req.body.caja.caj_observacion }), message);
  const conId = { ...write, schema: { tags, body: CajaId } };
  app.post('/caja/solicitarAprobacionCaja', conId, accion('solicitar_aprobacion_caja', CAJA_MSG.solicitada));
  app.post('/caja/aprobar', conId, accion('aprobar_caja', CAJA_MSG.aprobada));
  app.post('/caja/desaprobar', conId, accion('desaprobar_caja', CAJA_MSG.desaprobada));
  app.post('/caja/cancelar', conId, accion('cancelar_caja', CAJA_MSG.cancelada));

  app.post('/caja/depositar', { ...write, schema: { tags, body: CajaDepositar } }, async (req) => {
    const c = req.body.caja;
    return ok(await service.transicion(deps, caller(req), c.caj_id, 'depositar_caja', { numero_operacion: c.caj_numero_operacion, fecha_deposito: c.caj_fecha_deposito }), CAJA_MSG.depositada);
  });

  app.post('/caja/generarReporteCaja', { ...descargaConFiltros(read), schema: { tags, body: CajaFiltro } },
    (req, reply) => reporteCaja(deps, caller(req), req.body.caja, reply, req.log));

  await rendicionRoutes(fastify, deps);
}
