import { z } from 'zod';

/**
 * Ids and counts are PostgreSQL `integer` columns: a number beyond 2 147 483 647 cannot be an
 * id, and sending it to the database fails with an overflow instead of "not found". Every id
 * field, header and parameter is declared with these, so the bound lives in one place.
 */
export const MAX_INT = 2_147_483_647;

export const ID_MSG = {
  invalid: 'El identificador no es válido',
  integer: 'Debe ser un número entero',
  tooLarge: 'El número es demasiado grande',
} as const;

/** An id in a JSON body: a positive 32-bit integer; `message` is what the form shows when it is missing or wrong. */
export const idSchema = (message: string = ID_MSG.invalid) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_INT, message);

/** An id read from text (header, query, path, multipart field): the same bound after coercion. */
export const coercedIdSchema = (message: string = ID_MSG.invalid) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_INT, message);

/** A whole number stored in an `integer` column (a code, a status, a page number) from `min` up. */
export const intSchema = (min = 0, message: string = ID_MSG.integer) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_INT, ID_MSG.tooLarge);

export const Id = idSchema();
export const CoercedId = coercedIdSchema();
