import { z } from 'zod';
import es from 'zod/v4/locales/es.js';

/**
 * Zod's own messages in Spanish ('Entrada inválida', 'Demasiado grande: ...'), for the checks
 * a schema leaves without a message of its own: no refusal reaches a user in English. Runs as
 * the domain is loaded (server, tests); the web, whose build treats the domain as free of side
 * effects, calls it at start-up as it sets dayjs's locale.
 */
export function setZodSpanish() {
  z.config(es());
}

setZodSpanish();
