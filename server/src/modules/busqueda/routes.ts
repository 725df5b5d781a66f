import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';

/** Issue 25: filled in by its part. */
export default async function busquedaRoutes(_fastify: FastifyInstance, _deps: Deps) {}
