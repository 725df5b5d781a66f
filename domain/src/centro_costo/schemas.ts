import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { Id, idSchema } from '../common/ids.ts';

const required = { error: MSG.required };

/** Payloads of spec 1 §7 "Cost centres". */
export const CentroCostoList = z.object({
  search: z.string().trim().max(100).default(''),
  ...pageFields,
});
export type CentroCostoList = z.infer<typeof CentroCostoList>;

/** Save creates without `id_centro_costo` and modifies with it and the version it read. */
export const CentroCostoSave = z.object({
  id_centro_costo: Id.optional(),
  version: Id.optional(),
  codigo: z.string(required).trim().min(1, MSG.required).max(20, 'El código no debe superar 20 caracteres'),
  descripcion: z.string(required).trim().min(1, MSG.required).max(200, 'La descripción no debe superar 200 caracteres'),
  pry_id: idSchema(MSG.required),
  es_activo: z.union([z.literal(0), z.literal(1), z.boolean()]).default(1).transform((v) => (v === true || v === 1 ? 1 : 0)),
});
export type CentroCostoSave = z.input<typeof CentroCostoSave>;

export const CentroCostoDelete = z.object({ id_centro_costo: idSchema(MSG.required) });
export type CentroCostoDelete = z.input<typeof CentroCostoDelete>;

/** A row of `/centroCosto/list`; `version` goes back with a modify (docs/business-rules.md). */
export interface CentroCostoRow {
  id_centro_costo: number;
  codigo: string;
  descripcion: string;
  pry_id: number;
  pry_nombre: string;
  es_activo: number;
  version: number;
}

export const CC_MSG = {
  added: 'Se agregó el centro de costo',
  updated: 'Se actualizó el centro de costo',
  deleted: (codigo: string) => `Se eliminó el centro de costo ${codigo}`,
  deleteFailed: 'Ocurrio un problema al eliminar el centro de costo',
  empty: 'No se encontraron Centros de Costo',
  codeTaken: 'Ya existe un centro de costo con ese código',
  inactiveProject: 'El proyecto no existe o no está activo',
} as const;
