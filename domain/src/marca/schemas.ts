import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { idSchema } from '../common/ids.ts';

const required = { error: MSG.required };

/** Brand names are at most 100 characters (spec 1 §2.7, §5). */
export const MARCA_MAX = 100;

/** Payloads of spec 1 §7 "Brands". */
export const MarcaList = z.object({
  search: z.string().trim().max(100).default(''),
  ...pageFields,
});
export type MarcaList = z.infer<typeof MarcaList>;

/** `{marca}` is the name typed in the prompt; inner runs of spaces count as one. */
export const MarcaNew = z.object({
  marca: z.string(required).trim().min(1, MSG.required).max(MARCA_MAX, `La marca no debe superar ${MARCA_MAX} caracteres`)
    .transform((s) => s.replace(/\s+/g, ' ')),
});
export type MarcaNew = z.input<typeof MarcaNew>;

export const MarcaDelete = z.object({ id_marca: idSchema(MSG.required) });
export type MarcaDelete = z.input<typeof MarcaDelete>;

/** Lookup of active brands for selects (`/marca/get-marcas`, `/getMarcas`); the body is optional. */
export const MarcaLookup = z.object({ search: z.string().trim().max(100).default('') }).nullish();

/** A row of the brand list and lookups (spec 1 §3 "Brand"). */
export interface MarcaRow {
  id_marca: number;
  descripcion: string;
}

export const MARCA_MSG = {
  prompt: 'Ingrese Nueva Marca:',
  added: 'Se agregó la marca',
  deleted: (nombre: string) => `Se eliminó la marca ${nombre}`,
  deleteFailed: 'Ocurrio un problema al eliminar la marca',
  empty: 'No se encontraron Marcas',
  nameTaken: 'Ya existe una marca con ese nombre',
  notFound: 'No se encontró la marca',
} as const;
