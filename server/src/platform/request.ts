import type { AccessProfile } from '@obra/domain';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/** The signed-in caller of a gated route (the guard has already loaded it). */
export function caller(request: FastifyRequest): AccessProfile {
  if (!request.user) throw unauthorized();
  return request.user;
}
