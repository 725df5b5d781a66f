import { AJUSTE_DIRECCION_PUBLICA, AJUSTE_MSG, esLoopback, type DireccionPublicaOrigen } from '@obra/domain';
import type { Db, Executor } from '../db/client.ts';
import { readAjustes, upsertAjuste, type AjusteFila } from './ajustes-queries.ts';

/**
 * The settings an administrator changes from a screen (issue 24, table `ajuste`), read through a
 * short cache: every instance reads the table again once its copy is older than `ttlMs`, so a
 * change made on one instance reaches the others within about a second, with no message between
 * them. The instance that saves forgets its copy at once.
 */

export interface DireccionPublica {
  /** The base of links sent out, without a trailing slash. */
  url: string;
  origen: DireccionPublicaOrigen;
  /** Set when links point to this machine alone while the server listens beyond it. */
  advertencia: string | null;
}

export interface Ajustes {
  direccionPublica(): Promise<DireccionPublica>;
  /** The stored rows by key (the screen shows who saved them and when). */
  filas(): Promise<Map<string, AjusteFila>>;
  guardar(tx: Executor, clave: string, valor: string, usuId: number): Promise<void>;
  /** Drops the cached copy: after a save, once its transaction committed. */
  olvidar(): void;
}

export interface AjustesOptions {
  /** PUBLIC_URL: when set it wins over the screen. */
  publicUrl: string | null;
  host: string;
  port: number;
  ttlMs?: number;
}

/** Whether the server accepts connections from other machines (HOST is not a loopback address). */
export const escuchaFueraDeLoopback = (host: string): boolean => !esLoopback(host);

export function createAjustes(db: Db, o: AjustesOptions, now: () => number = Date.now): Ajustes {
  const ttlMs = o.ttlMs ?? 1000;
  let cache: { at: number; filas: Promise<Map<string, AjusteFila>> } | null = null;

  function filas(): Promise<Map<string, AjusteFila>> {
    if (!cache || now() - cache.at >= ttlMs) {
      const leyendo = readAjustes(db).then((rows) => new Map(rows.map((r) => [r.aju_clave, r])));
      cache = { at: now(), filas: leyendo };
      // A failed read is not kept: the next call tries again.
      leyendo.catch(() => { if (cache?.filas === leyendo) cache = null; });
    }
    return cache.filas;
  }

  return {
    filas,
    async direccionPublica() {
      const guardada = o.publicUrl ? null : (await filas()).get(AJUSTE_DIRECCION_PUBLICA)?.aju_valor;
      const url = o.publicUrl ?? guardada ?? `http://localhost:${o.port}`;
      const origen: DireccionPublicaOrigen = o.publicUrl ? 'entorno' : guardada ? 'ajuste' : 'predeterminada';
      if (!esLoopback(new URL(url).hostname) || !escuchaFueraDeLoopback(o.host)) return { url, origen, advertencia: null };
      const advertencia = origen === 'entorno' ? AJUSTE_MSG.entornoSoloEsteEquipo(url)
        : origen === 'ajuste' ? AJUSTE_MSG.soloEsteEquipo(url) : AJUSTE_MSG.sinConfigurar(url);
      return { url, origen, advertencia };
    },
    guardar: (tx, clave, valor, usuId) => upsertAjuste(tx, clave, valor, usuId),
    olvidar() {
      cache = null;
    },
  };
}
