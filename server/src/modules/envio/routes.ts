import {
  CONDUCTOR_MSG as C, ConductorBuscar, ConductorId, ConductorModificar, ConductorRegistrar, ENVIO_MSG as M, EnvioBuscar, EnvioDescargarGuia, EnvioGuia, EnvioId,
  EnvioModificar, EnvioRegistrar, EnvioVersionDia, EnvioVerGuiaBody, EnvioVerGuiaQuery, EnvioxMixers,
} from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { caller } from '../../platform/request.ts';
import { sendFile } from '../orden_venta/pago-routes.ts';
import * as conductores from './conductor.ts';
import * as guias from './guia.ts';
import { programar } from './programacion.ts';
import * as service from './service.ts';

const tags = ['envio'];
const read = gate({ module: 'envio', read: true });
const write = gate({ module: 'envio' });

/** Dispatches and drivers (spec 3 §7 "Dispatches", "Drivers"), module envio. */
export default async function envioRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/envio/buscar', { ...read, schema: { tags, body: EnvioBuscar } }, async (req) => ok(await service.buscar(deps, caller(req), req.body.envio)));

  app.post('/envio/obtener', { ...read, schema: { tags, body: EnvioId } }, async (req) => ok(await service.obtener(deps, caller(req), req.body.envio.env_id)));

  app.post('/envio/registrarEnvios', { ...write, schema: { tags, body: EnvioRegistrar } }, async (req) => {
    const ids = await programar(deps, caller(req), req.body.lista_envio, false);
    return ok({ env_ids: ids }, M.programados(ids.length));
  });

  app.post('/envio/modificar', { ...write, schema: { tags, body: EnvioModificar } }, async (req) => {
    const ids = await programar(deps, caller(req), req.body.lista_envio, true);
    return ok({ env_ids: ids }, M.reprogramado);
  });

  app.post('/envio/cancelarEnvio', { ...write, schema: { tags, body: EnvioId } },
    async (req) => ok(await service.cancelar(deps, caller(req), req.body.envio.env_id), M.cancelado));

  app.post('/envio/cambiarSecuenciaEstado', { ...write, schema: { tags, body: EnvioId } }, async (req) => {
    const r = await service.cambiarSecuenciaEstado(deps, caller(req), req.body.envio.env_id);
    return ok(r.envio, M.estadoCambiado(r.estado));
  });

  app.post('/envio/buscarEnviosxMixers', { ...read, schema: { tags, body: EnvioxMixers } }, async (req) => ok(await service.timeline(deps, req.body.envio)));

  /** The timeline's cheap poll: the day's version alone; reload buscarEnviosxMixers when it changed. */
  app.post('/envio/versionDia', { ...read, schema: { tags, body: EnvioVersionDia } },
    async (req) => ok(await service.versionDia(deps, req.body.envio.env_fecha_inicio)));

  app.post('/envio/generarGuiaRemitente', { ...write, schema: { tags, body: EnvioGuia } }, async (req) => {
    const r = await guias.generar(deps, caller(req), req.body.envio);
    return ok(r.envio, M.guiaGenerada(r.guia));
  });

  app.post('/envio/verGuiaRemitente', { ...read, schema: { tags, body: EnvioVerGuiaBody, querystring: EnvioVerGuiaQuery } }, async (req, reply) => {
    const ref = { env_id: req.body?.envio?.env_id ?? req.query.env_id, ngu_id: req.body?.guia?.ngu_id ?? req.query.ngu_id };
    if (!ref.env_id && !ref.ngu_id) throw badRequest(M.envIdFalta);
    const { content, nombre } = await guias.pdf(deps, ref);
    return sendFile(reply, { content, nombre, mime: 'application/pdf' }, 'inline');
  });

  app.post('/envio/descargarGuia', { ...read, schema: { tags, body: EnvioDescargarGuia } }, async (req, reply) => {
    const f = await guias.descargar(deps, req.body.guia.ngu_id, req.body.guia.formato);
    return sendFile(reply, f);
  });

  app.post('/conductor/buscar', { ...read, schema: { tags, body: ConductorBuscar } }, async (req) => ok(await conductores.buscar(deps, req.body.conductor)));

  app.post('/conductor/obtener', { ...read, schema: { tags, body: ConductorId } }, async (req) => ok(await conductores.obtener(deps, req.body.conductor.cdt_id)));

  app.post('/conductor/registrar', { ...write, schema: { tags, body: ConductorRegistrar } },
    async (req) => ok(await conductores.registrar(deps, req.body.conductor), C.registrado));

  app.post('/conductor/modificar', { ...write, schema: { tags, body: ConductorModificar } },
    async (req) => ok(await conductores.modificar(deps, req.body.conductor), C.modificado));
}
