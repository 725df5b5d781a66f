import { z } from 'zod';
import { pageFields } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { rucProblem } from './ruc.ts';
import { Id, idSchema } from '../common/ids.ts';

const required = { error: MSG.required };
/** An empty text answers only 'El campo es requerido', not also its format rule. */
const filled = { error: MSG.required, abort: true };
const text = (max: number, label: string) =>
  z.string(required).trim().min(1, filled).max(max, `${label} no debe superar ${max} caracteres`);
/** A yes/no flag: 0/1 as the spec sends it (booleans accepted), 0/1 after parsing. */
const flag = (byDefault: 0 | 1) =>
  z.union([z.literal(0), z.literal(1), z.boolean()]).default(byDefault).transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

/** `pai_id` of Perú: a national supplier's country, always (spec 1 §5). */
export const PAIS_PERU = 1;

export const PROVEEDOR_MSG = {
  added: 'Se registró el proveedor',
  updated: 'Se actualizó el proveedor',
  deleted: (razonSocial: string) => `Se eliminó al proveedor ${razonSocial}`,
  deleteFailed: 'Ocurrio un problema al eliminar al proveedor',
  empty: 'No se encontraron Proveedores',
  notFound: 'No se encontró el proveedor',
  rucTaken: (ruc: string) => `Ya existe un proveedor registrado con el RUC ${ruc}`,
  rucLocked: 'El RUC de un proveedor registrado no se puede modificar',
  versionMissing: 'Debe indicar la versión leída del proveedor',
  foreignInPeru: 'Un proveedor extranjero no puede tener como país a Perú',
  unknownCountry: 'El país seleccionado no existe',
  phone: 'El teléfono solo admite números, espacios y los signos + - ( ) / #',
  detraccion: 'La cuenta de detracción solo admite números y guiones',
  accountAdded: 'Se agregó la cuenta',
  accountDeleted: 'Se eliminó la cuenta',
  accountDeleteFailed: 'Ocurrio un problema al eliminar la cuenta',
  accountNotFound: 'No se encontró la cuenta',
  accountsEmpty: 'El proveedor no tiene cuentas registradas',
  accountNumber: 'El número de cuenta solo admite números y guiones',
  cciLength: 'El CCI debe tener 20 dígitos',
  cciBank: (codigo: string) => `El CCI debe empezar con ${codigo}, el código del banco seleccionado`,
  cciTaken: (cci: string) => `El proveedor ya tiene registrada una cuenta con el CCI ${cci}`,
  unknownBank: 'El banco seleccionado no existe',
  unknownReference: 'La moneda o el tipo de cuenta seleccionado no existe',
} as const;

/** Spec 1 §7 "Suppliers": the list, searched by RUC or razón social. */
export const ProveedorList = z.object({
  search: z.string().trim().max(100).default(''),
  ...pageFields,
});
export type ProveedorList = z.infer<typeof ProveedorList>;

/**
 * `/proveedor/save`: registers without `id_proveedor`, modifies with it and the `version` it read.
 * The RUC is checked (11 digits, prefix, check digit) when registering; on modify it may not
 * change, which the server checks against the stored one.
 */
export const ProveedorSave = z
  .object({
    id_proveedor: Id.optional(),
    version: Id.optional(),
    ruc: z.string(required).trim().min(1, filled),
    razon_social: text(200, 'La razón social'),
    direccion: text(250, 'La dirección'),
    email: z.string(required).trim().toLowerCase().min(1, filled).max(150, 'El correo no debe superar 150 caracteres').pipe(z.email(MSG.email)),
    telefono: text(30, 'El teléfono').refine((v) => /^[\d\s()+#/-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6, PROVEEDOR_MSG.phone),
    especialidad: text(150, 'La especialidad'),
    cuenta_detraccion: z.string().trim().max(30, 'La cuenta de detracción no debe superar 30 caracteres').regex(/^[\d-]*$/, PROVEEDOR_MSG.detraccion).default(''),
    es_activo: flag(1),
    es_critico: flag(0),
    es_nacional: flag(1),
    id_pais: idSchema(MSG.required).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    const problem = v.id_proveedor === undefined ? rucProblem(v.ruc) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['ruc'], message: problem });
    if (!v.es_nacional && !v.id_pais) ctx.addIssue({ code: 'custom', path: ['id_pais'], message: MSG.required });
    if (!v.es_nacional && v.id_pais === PAIS_PERU) ctx.addIssue({ code: 'custom', path: ['id_pais'], message: PROVEEDOR_MSG.foreignInPeru });
  })
  // A national supplier's country is Perú whatever was sent (the field is disabled on the form).
  .transform((v) => ({ ...v, id_pais: v.es_nacional ? PAIS_PERU : (v.id_pais as number) }));
export type ProveedorSaveInput = z.input<typeof ProveedorSave>;
export type ProveedorSave = z.output<typeof ProveedorSave>;

export const ProveedorId = z.object({ id_proveedor: idSchema(MSG.required) });
export type ProveedorId = z.infer<typeof ProveedorId>;

/** Lookup for autocompletes (order form): active suppliers whose RUC or razón social matches. */
export const GetProveedor = z.object({ razon_social: z.string().trim().max(100).default('') });
export type GetProveedor = z.infer<typeof GetProveedor>;
export const GET_PROVEEDOR_LIMIT = 20;

/** A CCI as typed, often with dashes or spaces ("002-193-00123456789-012"), kept as its 20 digits. */
const cci = z
  .string(required)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, filled).regex(/^\d{20}$/, PROVEEDOR_MSG.cciLength));

export const CuentaProveedorAdd = z.object({
  id_proveedor: idSchema(MSG.required),
  id_banco: idSchema(MSG.required),
  id_moneda: idSchema(MSG.required),
  tipo_cuenta: idSchema(MSG.required),
  cuenta: text(30, 'El número de cuenta').regex(/^[\d-]+$/, PROVEEDOR_MSG.accountNumber),
  cci,
});
export type CuentaProveedorAddInput = z.input<typeof CuentaProveedorAdd>;
export type CuentaProveedorAdd = z.output<typeof CuentaProveedorAdd>;

export const CuentaProveedorDelete = z.object({ id_cuenta_proveedor: idSchema(MSG.required) });

/** The first three digits of a CCI are the bank's code (SBS); null when they agree. */
export function cciBankProblem(cciDigits: string, banCodigo: string): string | null {
  return banCodigo && !cciDigits.startsWith(banCodigo) ? PROVEEDOR_MSG.cciBank(banCodigo) : null;
}

/** A supplier as the list, the detail and the modify form read it. */
export interface ProveedorRow {
  id_proveedor: number;
  ruc: string;
  razon_social: string;
  direccion: string;
  email: string;
  telefono: string;
  especialidad: string;
  cuenta_detraccion: string;
  es_activo: 0 | 1;
  es_critico: 0 | 1;
  es_nacional: 0 | 1;
  id_pais: number | null;
  pais: string | null;
  version: number;
}

/** A row of the `/proveedor/get-proveedor` lookup. */
export interface ProveedorOption {
  id_proveedor: number;
  ruc: string;
  razon_social: string;
  es_nacional: 0 | 1;
  id_pais: number | null;
}

export interface CuentaProveedorRow {
  id_cuenta_proveedor: number;
  id_proveedor: number;
  id_banco: number;
  banco: string;
  id_moneda: number;
  moneda: string;
  moneda_simbolo: string;
  tipo_cuenta: number;
  tipo_cuenta_descripcion: string;
  cuenta: string;
  cci: string;
}
