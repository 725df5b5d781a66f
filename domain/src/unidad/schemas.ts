import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { idSchema } from '../common/ids.ts';

const required = { error: MSG.required };

export const SIMBOLO_MAX = 10;
export const UNIDAD_MAX = 100;

/** Payloads of spec 1 §7 "Units". */
export const UnidadList = z.object({
  search: z.string().trim().max(100).default(''),
  ...pageFields,
});
export type UnidadList = z.infer<typeof UnidadList>;

/** `unidad` is the unit's description ('Kilogramo'); `simbolo` its short form ('KG'). */
export const UnidadNew = z.object({
  simbolo: z.string(required).trim().min(1, MSG.required).max(SIMBOLO_MAX, `El símbolo no debe superar ${SIMBOLO_MAX} caracteres`)
    .regex(/^\S+$/, 'El símbolo no debe contener espacios'),
  unidad: z.string(required).trim().min(1, MSG.required).max(UNIDAD_MAX, `La descripción no debe superar ${UNIDAD_MAX} caracteres`)
    .transform((s) => s.replace(/\s+/g, ' ')),
});
export type UnidadNew = z.input<typeof UnidadNew>;

export const UnidadDelete = z.object({ id_unidad: idSchema(MSG.required) });
export type UnidadDelete = z.input<typeof UnidadDelete>;

/** Lookup of active units for selects (`/unidad/get-unidad`, `/getUnidadesMedida`); the body is optional. */
export const UnidadLookup = z.object({ search: z.string().trim().max(100).default('') }).nullish();

/** A row of the unit list and lookups (spec 1 §3 "Unit"). */
export interface UnidadRow {
  id_unidad: number;
  simbolo: string;
  descripcion: string;
}

export const UNIDAD_MSG = {
  added: 'Se agregó la unidad',
  deleted: (simbolo: string) => `Se eliminó la unidad ${simbolo}`,
  deleteFailed: 'Ocurrio un problema al eliminar la unidad',
  empty: 'No se encontraron Unidades',
  symbolTaken: 'Ya existe una unidad con ese símbolo',
  notFound: 'No se encontró la unidad',
} as const;
