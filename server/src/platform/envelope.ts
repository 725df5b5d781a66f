import type { Envelope } from '@obra/domain';

/** Replies in the envelope of every /api call (ARCHITECTURE convention 4). */
export const ok = <T>(data: T, message = ''): Envelope<T> => ({ status: 'success', message, data });
export const fail = (message: string, data: unknown = null): Envelope<unknown> => ({ status: 'error', message, data });
