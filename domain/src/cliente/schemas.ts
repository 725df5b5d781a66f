import { z } from 'zod';
import { PageQuery, type PageReply } from '../common/envelope.ts';
import { Id, idSchema } from '../common/ids.ts';
import { MSG } from '../common/messages.ts';
import { CLIENTE_TIPOS_DOCUMENTO, DOCUMENTO_MSG, documentoProblem, tipoDocumentoNombre } from './documento.ts';

// The document rules travel with the schemas (one export line in the domain's index).
export * from './documento.ts';

/** Texts of spec 3 §5 "Client register" and §8 (word for word) and the ones we settled (docs/business-rules.md). */
export const CLIENTE_MSG = {
  missingRegister: 'Falta ingresar datos para registrar al cliente',
  missingModify: 'Falta ingresar datos para modificar al cliente',
  missingAddress: 'Falta ingresar datos para agregar la dirección de envío',
  /** Spec 3 §5: the customer quick search's text, as the spec writes it. */
  emptySearch: 'Debe ingresar alguna referencia del empleado',
  registered: 'Se registró el cliente correctamente',
  modified: 'Se modificó el cliente correctamente',
  notFound: 'No se encontró el cliente',
  empty: 'No se encontraron Clientes',
  documentTaken: (tdiId: number, documento: string, nombre: string) =>
    `Ya existe un cliente registrado con el ${tipoDocumentoNombre(tdiId)} ${documento}: ${nombre}`,
  phone: 'El teléfono solo admite números, espacios y los signos + - ( ) / #',
  district: 'El distrito debe ser de Lima o Callao',
  unknownDistrict: 'El distrito seleccionado no existe',
  aliasRepeated: (alias: string) => `El alias "${alias}" se repite en las direcciones de envío`,
  addressRepeated: 'Una dirección de envío se envió dos veces',
  addressForeign: 'Una de las direcciones de envío no pertenece al cliente o ya fue quitada',
  tooManyAddresses: (max: number) => `El cliente no puede tener más de ${max} direcciones de envío`,
} as const;

/** Active shipping addresses a client may hold: more is a mistake, not a client. */
export const MAX_DIRECCIONES = 50;
/** Rows of the quick search of the sales order popup. */
export const CLIENTE_QUICK_LIMIT = 20;
/** A Lima (1501xx) or Callao (0701xx) district ubigeo: the plant delivers there only. */
export const UBIGEO_LIMA_CALLAO = /^(1501|0701)\d\d$/;

const tooLong = (label: string, max: number) => `${label} no debe superar ${max} caracteres`;
/** A blank field answers only its missing-data text, not also its format rule. */
const filled = (missing: string) => ({ error: missing, abort: true });
const text = (missing: string, max: number, label: string) =>
  z.string({ error: missing }).trim().min(1, filled(missing)).max(max, tooLong(label, max));
const flag = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v): 0 | 1 => (v === true || v === 1 ? 1 : 0));

const A = CLIENTE_MSG.missingAddress;

/** A shipping address (spec 3 §5): alias, address, reference and district; `cde_id` marks a saved one. */
export const ClienteDireccionInput = z.object({
  cde_id: Id.nullish().transform((v) => v ?? undefined),
  cde_alias: text(A, 60, 'El alias'),
  cde_direccion: text(A, 300, 'La dirección'),
  cde_referencia: text(A, 300, 'La referencia'),
  ubi_id: z.string({ error: A }).trim().min(1, filled(A)).max(6, CLIENTE_MSG.district).regex(UBIGEO_LIMA_CALLAO, CLIENTE_MSG.district),
}, { error: A });
export type ClienteDireccionInput = z.input<typeof ClienteDireccionInput>;
export type ClienteDireccionData = z.output<typeof ClienteDireccionInput>;

const tipoDocumento = (missing: string) =>
  idSchema(missing).refine((v) => CLIENTE_TIPOS_DOCUMENTO.some((t) => t.tdi_id === v), DOCUMENTO_MSG.tipo);

/**
 * The document type under either name, as `tdi_id` (issue 27): the spec's `cli_tipo_documento_identidad`
 * wins when both are sent; neither answers the form's missing-data text.
 */
const unTipo = (missing: string) => <T extends { cli_tipo_documento_identidad?: number; tdi_id?: number }>(v: T, ctx: z.RefinementCtx) => {
  const { cli_tipo_documento_identidad: spec, ...rest } = v;
  const tdi = spec ?? v.tdi_id;
  if (tdi === undefined) {
    ctx.addIssue({ code: 'custom', path: ['cli_tipo_documento_identidad'], message: missing });
    return z.NEVER;
  }
  return { ...rest, tdi_id: tdi };
};

/** The client's own fields; a missing one answers `missing` (register or modify text). */
const clienteFields = (missing: string) => ({
  /** The spec's name of the document type (spec 3 §3 "Client"); one of it or `tdi_id` is required. */
  cli_tipo_documento_identidad: tipoDocumento(missing).optional(),
  /** The product's own name of the same field, kept for the screens (issue 27). */
  tdi_id: tipoDocumento(missing).optional(),
  cli_documento_identidad: z.string({ error: missing }).trim().toUpperCase().min(1, filled(missing)).max(15, tooLong('El documento', 15)),
  cli_nombre: text(missing, 200, 'El nombre'),
  cli_nombre_contacto: text(missing, 150, 'El nombre de contacto'),
  cli_domicilio_fiscal: text(missing, 300, 'El domicilio fiscal'),
  cli_correo: z.string({ error: missing }).trim().toLowerCase().min(1, filled(missing)).max(150, tooLong('El correo', 150)).pipe(z.email(MSG.email)),
  cli_telefono: text(missing, 30, 'El teléfono')
    .refine((v) => /^[\d\s()+#/-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 6, CLIENTE_MSG.phone),
  /** 1 = special client: its orders get no e-voucher (spec 3 §4). */
  cli_especial: flag.default(0),
});

interface Checked {
  tdi_id: number;
  cli_documento_identidad: string;
  lista_cliente_direccion_envio: ClienteDireccionData[];
}

/** The document fits its type; aliases and saved addresses are not repeated. */
function checkCliente(v: Checked, ctx: z.RefinementCtx) {
  // An unknown type is already refused on its own field.
  const known = CLIENTE_TIPOS_DOCUMENTO.some((t) => t.tdi_id === v.tdi_id);
  const problem = known ? documentoProblem(v.tdi_id, v.cli_documento_identidad) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['cli_documento_identidad'], message: problem });
  const aliases = new Set<string>();
  const ids = new Set<number>();
  v.lista_cliente_direccion_envio.forEach((d, i) => {
    const key = d.cde_alias.toLowerCase();
    if (aliases.has(key)) ctx.addIssue({ code: 'custom', path: ['lista_cliente_direccion_envio', i, 'cde_alias'], message: CLIENTE_MSG.aliasRepeated(d.cde_alias) });
    aliases.add(key);
    if (d.cde_id !== undefined && ids.has(d.cde_id)) ctx.addIssue({ code: 'custom', path: ['lista_cliente_direccion_envio', i], message: CLIENTE_MSG.addressRepeated });
    if (d.cde_id !== undefined) ids.add(d.cde_id);
  });
}

const direcciones = (min: number, missing: string) =>
  z.array(ClienteDireccionInput, { error: A }).min(min, missing).max(MAX_DIRECCIONES, CLIENTE_MSG.tooManyAddresses(MAX_DIRECCIONES));

const R = CLIENTE_MSG.missingRegister;
/** `/cliente/registrar {cliente}` (spec 3 §5): addresses may come later, each one complete. */
export const ClienteRegistrar = z.object({
  cliente: z.object({
    ...clienteFields(R),
    lista_cliente_direccion_envio: direcciones(0, R).default([]),
  }, { error: R }).transform(unTipo(R)).superRefine(checkCliente),
}, { error: R });
export type ClienteRegistrar = z.input<typeof ClienteRegistrar>;
export type ClienteRegistrarData = z.output<typeof ClienteRegistrar>['cliente'];

const M = CLIENTE_MSG.missingModify;
/**
 * `/cliente/modificar {cliente}` with the version read (409 when stale) and at least one address:
 * those with `cde_id` are updated, those without are added, saved ones left out are removed.
 */
export const ClienteModificar = z.object({
  cliente: z.object({
    cli_id: idSchema(CLIENTE_MSG.notFound),
    cli_version: idSchema(M),
    ...clienteFields(M),
    cli_estado: z.union([z.literal(0), z.literal(1)], { error: M }).default(1),
    lista_cliente_direccion_envio: direcciones(1, M),
  }, { error: M }).transform(unTipo(M)).superRefine(checkCliente),
}, { error: M });
export type ClienteModificar = z.input<typeof ClienteModificar>;
export type ClienteModificarData = z.output<typeof ClienteModificar>['cliente'];

/** `/cliente/buscar {cliente:{cli_search, page}}`: document or name, every client, paged on the server. */
export const ClienteBuscar = z.object({
  cliente: z.object({
    cli_search: z.string().trim().max(100, tooLong('La búsqueda', 100)).nullish().transform((v) => v ?? ''),
    page: PageQuery,
  }).prefault({}),
});
export type ClienteBuscar = z.input<typeof ClienteBuscar>;
export type ClienteBuscarData = z.output<typeof ClienteBuscar>['cliente'];

const S = CLIENTE_MSG.emptySearch;
/** `/cliente/buscarRapido {cliente:{cli_search}}`: the customer search of the sales order popup; text required (spec 3 §5). */
export const ClienteBuscarRapido = z.object({
  cliente: z.object({ cli_search: z.string({ error: S }).trim().min(1, S).max(100, tooLong('La búsqueda', 100)) }, { error: S }),
}, { error: S });
export type ClienteBuscarRapido = z.input<typeof ClienteBuscarRapido>;

export const ClienteObtener = z.object({
  cliente: z.object({ cli_id: idSchema(CLIENTE_MSG.notFound) }, { error: CLIENTE_MSG.notFound }),
}, { error: CLIENTE_MSG.notFound });
export type ClienteObtener = z.input<typeof ClienteObtener>;

export const ClienteObtenerDirecciones = z.object({
  cliente_direccion_envio: z.object({ cli_id: idSchema(CLIENTE_MSG.notFound) }, { error: CLIENTE_MSG.notFound }),
}, { error: CLIENTE_MSG.notFound });
export type ClienteObtenerDirecciones = z.input<typeof ClienteObtenerDirecciones>;

/** A shipping address as read, with its district's name. */
export interface ClienteDireccionEnvio {
  cde_id: number;
  cli_id: number;
  cde_sequence: number;
  cde_alias: string;
  cde_direccion: string;
  cde_referencia: string;
  ubi_id: string;
  ubi_nombre: string;
}

/** A row of `/cliente/buscar`; `cli_tipo_documento_identidad` repeats `tdi_id` under the spec's name. */
export interface ClienteFila {
  cli_id: number;
  tdi_id: number;
  cli_tipo_documento_identidad: number;
  tdi_nombre: string;
  cli_documento_identidad: string;
  cli_nombre: string;
  cli_nombre_contacto: string;
  cli_correo: string;
  cli_telefono: string;
  cli_especial: 0 | 1;
  /** 1 active, 0 inactive. */
  cli_estado: number;
}

/** `/cliente/obtener` (and the reply of registrar / modificar): the client with its active addresses. */
export interface Cliente extends ClienteFila {
  cli_domicilio_fiscal: string;
  cli_version: number;
  lista_cliente_direccion_envio: ClienteDireccionEnvio[];
}

/** `{page:{list, total, size, number}}` of `/cliente/buscar` (spec 3 page shape). */
export type ClientePagina = PageReply<ClienteFila>;

/** A row of `/cliente/buscarRapido`: what the sales order popup fills from the client. */
export type ClienteRapido = Omit<ClienteFila, 'cli_estado' | 'tdi_nombre'>;
