import { z } from 'zod';
import es from 'zod/v4/locales/es.js';

/**
 * Zod's own messages in Spanish ('Entrada inválida', 'Demasiado grande: ...'), for the checks
 * a schema leaves without a message of its own: no refusal reaches a user in English. Set once
 * here, as the domain is loaded, for the server and the web alike (only this locale is bundled).
 */
z.config(es());
