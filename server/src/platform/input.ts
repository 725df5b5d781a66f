import { MSG } from '@obra/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

/** Deeper than any payload of the spec; a deeper one is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * Refuses a value holding a NUL character in any text or key. PostgreSQL cannot store U+0000
 * in text or jsonb, so it is refused once here, for every input, instead of failing in the database.
 */
export function checkText(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badRequest(MSG.nulCharacter);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth > MAX_DEPTH) throw badRequest(MSG.badRequest);
  for (const [k, v] of Object.entries(value)) {
    checkText(k);
    checkText(v, depth + 1);
  }
}

/**
 * preValidation hook of every route: body, query string, path parameters and headers. Multipart
 * fields are read later, in `readUpload`, which applies the same check.
 */
export async function refuseNul(request: FastifyRequest) {
  for (const part of [request.body, request.query, request.params, request.headers]) checkText(part);
}
