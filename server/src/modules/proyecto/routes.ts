import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

export default async function proyectoRoutes(_fastify: FastifyInstance, _deps: Deps) {
  // Routes of this module go here.
}
