import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

export default async function productoRoutes(_fastify: FastifyInstance, _deps: Deps) {
  // Routes of this module go here.
}
