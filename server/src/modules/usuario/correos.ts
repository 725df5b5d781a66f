import type { AccessProfile, CorreoList } from '@obra/domain';
import { isCorporate } from '@obra/domain';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { forbidden } from '../../platform/errors.ts';
import { listOutbox } from '../../platform/mail-queries.ts';

/**
 * The mail outbox screen (DECISIONS §8, issue 9): administrators of the user module see every
 * message the product mailed or queued, and send again what waits or failed. Project-level
 * administrators are refused: the outbox holds mail of every project.
 */

export function list(deps: Deps, caller: AccessProfile, f: z.output<typeof CorreoList>) {
  if (!isCorporate(caller)) throw forbidden();
  return listOutbox(deps.database.db, { estado: f.estado ?? null, search: f.search ?? '' }, f);
}

/** Reenviar: a refused message goes back to the queue (its sender mails it within seconds); 409 without SMTP or once sent. */
export function resend(deps: Deps, caller: AccessProfile, cosId: number) {
  if (!isCorporate(caller)) throw forbidden();
  return deps.mailer.resend(deps.database.db, cosId);
}
