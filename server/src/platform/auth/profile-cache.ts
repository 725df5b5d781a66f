import type { Database } from '../../db/client.ts';
import { findProfile, type ProfileRow } from './queries.ts';

/** The channel the database triggers of migration 0009 notify when a user's access changes. */
export const ACCESS_CHANNEL = 'obra_acceso';

export interface ProfileCache {
  /** The user's access row: from memory while it is known to be current, else one prepared query. */
  get(usuId: number): Promise<ProfileRow | undefined>;
  /** Forgets one user, or everyone ('*'), e.g. on a notification. */
  invalidate(target: number | '*'): void;
  close(): Promise<void>;
  /** Whether notifications are being heard (nothing is served from memory otherwise). */
  readonly listening: boolean;
}

export interface ProfileCacheOptions {
  /** A safety net in case a notification is lost; notifications do the real work. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * The access guard's cache of user profiles (DECISIONS §1), kept current on every instance:
 * database triggers notify ACCESS_CHANNEL in the committing transaction whenever a user, their
 * roles or options, or a role's modules or options change, and each instance listens. While the
 * listening connection is down nothing is served from memory, so a change is never missed; a
 * read that started before an invalidation is not stored (the generation check), so a change
 * that lands during the read is never overwritten by the older answer.
 */
export async function createProfileCache(database: Database, opts: ProfileCacheOptions = {}): Promise<ProfileCache> {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const entries = new Map<number, { row: ProfileRow | undefined; at: number }>();
  const userGeneration = new Map<number, number>();
  let generation = 0;
  let listening = false;

  const invalidate = (target: number | '*') => {
    if (target === '*') {
      generation += 1;
      entries.clear();
      return;
    }
    userGeneration.set(target, (userGeneration.get(target) ?? 0) + 1);
    entries.delete(target);
  };

  const stop = await database.listen(ACCESS_CHANNEL, {
    onNotify: (payload) => {
      const id = Number(payload);
      invalidate(Number.isInteger(id) && id > 0 ? id : '*');
    },
    onState: (up) => {
      listening = up;
      invalidate('*');
    },
  });

  return {
    invalidate,
    async get(usuId) {
      const hit = entries.get(usuId);
      if (listening && hit && Date.now() - hit.at < ttlMs) return hit.row;
      const seen = generation;
      const seenUser = userGeneration.get(usuId) ?? 0;
      const row = await findProfile(database.db, usuId);
      if (listening && seen === generation && seenUser === (userGeneration.get(usuId) ?? 0)) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as number);
        entries.set(usuId, { row, at: Date.now() });
      }
      return row;
    },
    close: stop,
    get listening() { return listening; },
  };
}
