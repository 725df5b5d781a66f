import { MIXER_MSG as M, MixerBuscar, MixerId, MixerModificar, MixerRegistrar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import * as service from './service.ts';

const tags = ['mixer'];
const read = gate({ module: 'mixer', read: true });
const write = gate({ module: 'mixer' });

/** The mixer fleet (spec 3 §7 "Mixers"), module mixer. */
export default async function mixerRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/mixer/buscar', { ...read, schema: { tags, body: MixerBuscar } }, async (req) => ok(await service.buscar(deps, req.body.mixer)));

  app.post('/mixer/obtener', { ...read, schema: { tags, body: MixerId } }, async (req) => ok(await service.obtener(deps, req.body.mixer.mix_id)));

  app.post('/mixer/registrar', { ...write, schema: { tags, body: MixerRegistrar } }, async (req) => {
    const m = await service.registrar(deps, req.body.mixer);
    return ok(m, M.registrado(m.mix_id));
  });

  app.post('/mixer/modificar', { ...write, schema: { tags, body: MixerModificar } },
    async (req) => ok(await service.modificar(deps, req.body.mixer), M.modificado));
}
