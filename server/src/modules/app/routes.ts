import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { caller } from '../../platform/request.ts';
import * as service from './service.ts';

/** Only the known list names: a name is never looked up on an object (`constructor`, `__proto__`). */
const GetData = z.object({
  listas: z.array(z.enum(service.LOOKUP_NAMES, { error: (issue) => `Lista desconocida: ${String(issue.input).slice(0, 60)}` }), { error: 'Debe indicar las listas' })
    .min(1, 'Debe indicar las listas').max(30),
});

export default async function appRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/app/getData', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['catalogos'], body: GetData } },
    async (req) => ok(await service.getData(deps, caller(req), req.body.listas)));

  app.get('/app/version', { ...gate({ public: true }), schema: { tags: ['sesion'] } },
    async () => ok({ version: deps.config.appVersion }));
}
