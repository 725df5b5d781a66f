import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { MAX_INT, idSchema } from '../common/ids.ts';
import { rucProblem } from '../proveedor/ruc.ts';

/**
 * Sellers (spec 3 §2 "Sellers", §3 "Seller", §7 "Sellers"). The spec leaves the rules to the
 * server (§5 "Seller"); ours are in docs/business-rules.md "Sellers": name required, the
 * document a DNI of 8 digits or a RUC of 11 with its check digit and unique, e-mail and phone
 * optional but well formed, statuses activo and inactivo only.
 */
export const VENDEDOR_MSG = {
  registrado: 'Se registró el vendedor correctamente',
  modificado: 'Se modificó el vendedor correctamente',
  vacio: 'No se encontraron Vendedores',
  noEncontrado: 'No se encontró el vendedor',
  nombre: 'Ingrese el nombre del vendedor',
  nombreMax: 'El nombre no debe superar 150 caracteres',
  documento: 'Ingrese el documento de identidad del vendedor',
  documentoFormato: 'El documento debe ser un DNI de 8 dígitos o un RUC de 11 dígitos',
  documentoRepetido: (doc: string) => `Ya existe un vendedor con el documento ${doc}`,
  correoMax: 'El correo no debe superar 150 caracteres',
  telefono: 'El teléfono solo admite números, espacios y el signo + al inicio (de 6 a 15 dígitos)',
  estado: 'El estado del vendedor debe ser activo o inactivo',
  /** Spec 3 §5 and §8, word for word. */
  busquedaVacia: 'Debe ingresar alguna referencia del nombre el vendedor',
} as const;

/** Seller statuses offered (spec 3 §9): the generic activo 1 and inactivo 0. */
export const VENDEDOR_ESTADOS = [1, 0] as const;
export type VendedorEstado = (typeof VENDEDOR_ESTADOS)[number];

/** Sellers the order popup's search answers at most. */
export const VENDEDOR_RAPIDO_MAX = 20;

/** Why `doc` is not a seller's document (DNI or RUC), or null. */
export function vendedorDocumentoProblema(doc: string): string | null {
  if (/^\d{8}$/.test(doc)) return null;
  if (/^\d{11}$/.test(doc)) return rucProblem(doc);
  return VENDEDOR_MSG.documentoFormato;
}

const estado = z.union([z.literal(1), z.literal(0)], { error: VENDEDOR_MSG.estado });

const nombre = z.string({ error: VENDEDOR_MSG.nombre }).trim().min(1, VENDEDOR_MSG.nombre).max(150, VENDEDOR_MSG.nombreMax)
  .transform((s) => s.replace(/\s+/g, ' '));

/** Spaces inside the number are the user's way of writing it ('12 345 678'); they do not count. */
const documento = z.string({ error: VENDEDOR_MSG.documento }).transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(1, VENDEDOR_MSG.documento).max(15, VENDEDOR_MSG.documentoFormato))
  .superRefine((doc, ctx) => {
    const problem = vendedorDocumentoProblema(doc);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const correo = z.string().trim().toLowerCase().max(150, VENDEDOR_MSG.correoMax).nullish()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || z.email().safeParse(v).success, MSG.email);

const telefono = z.string().trim().max(30, VENDEDOR_MSG.telefono).nullish()
  .transform((v) => (v ?? '').replace(/\s+/g, ' '))
  .refine((v) => v === '' || (/^\+?[\d ]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, ''))), VENDEDOR_MSG.telefono);

/** The initial register object of the old screen carried these, empty and never shown (spec 3 §3): accepted and dropped. */
const ignorado = z.union([z.string().max(50), z.number(), z.null()]).optional();

const campos = {
  ven_nombre: nombre,
  ven_documento_identidad: documento,
  ven_correo: correo,
  ven_telefono: telefono,
};

/** `/vendedor/registrar {vendedor}`: a new seller is activo. */
export const VendedorRegistrar = z.object({
  vendedor: z.object({ ...campos, ven_capacidad: ignorado, ven_placa: ignorado })
    .transform(({ ven_capacidad: _c, ven_placa: _p, ...v }) => v),
});
export type VendedorRegistrar = z.input<typeof VendedorRegistrar>;
export type VendedorDatos = z.output<typeof VendedorRegistrar>['vendedor'];

/** `/vendedor/modificar {vendedor}`: every field again plus its status. */
export const VendedorModificar = z.object({
  vendedor: z.object({ ven_id: idSchema(VENDEDOR_MSG.noEncontrado), ...campos, est_id: estado, ven_capacidad: ignorado, ven_placa: ignorado })
    .transform(({ ven_capacidad: _c, ven_placa: _p, ...v }) => v),
});
export type VendedorModificar = z.input<typeof VendedorModificar>;
export type VendedorCambios = z.output<typeof VendedorModificar>['vendedor'];

/** `/vendedor/obtener {vendedor:{ven_id}}`. */
export const VendedorId = z.object({ vendedor: z.object({ ven_id: idSchema(VENDEDOR_MSG.noEncontrado) }) });
export type VendedorId = z.input<typeof VendedorId>;

/** An empty filter field means "any": '', null and absent alike. */
const textoFiltro = (max: number) => z.string().trim().max(max).nullish().transform((v) => v ?? '');

/** `/vendedor/buscar {vendedor:{ven_id, ven_nombre, ven_documento_identidad, est_id, page}}`: paged 10 by default. */
export const VendedorBuscar = z.object({
  vendedor: z.object({
    // The filter form's ID box sends what was typed; a number out of range finds nothing, it is no error.
    ven_id: z.union([z.number(), z.string().trim().max(12), z.null()]).optional().transform((v): number | null => {
      const n = typeof v === 'string' ? (/^\d+$/.test(v) ? Number(v) : v === '' ? null : -1) : v ?? null;
      return n === null ? null : Number.isInteger(n) && n > 0 && n <= MAX_INT ? n : -1;
    }),
    ven_nombre: textoFiltro(150),
    ven_documento_identidad: textoFiltro(15),
    est_id: estado.nullish().transform((v) => v ?? null),
    page: PageQuery,
  }).prefault({}),
});
export type VendedorBuscar = z.input<typeof VendedorBuscar>;
export type VendedorFiltro = Omit<z.output<typeof VendedorBuscar>['vendedor'], 'page'>;

/** `/vendedor/buscarRapido {vendedor:{ven_nombre}}`: the order popup's salesperson search. */
export const VendedorBuscarRapido = z.object({
  vendedor: z.object({
    ven_nombre: z.string({ error: VENDEDOR_MSG.busquedaVacia }).trim().min(1, VENDEDOR_MSG.busquedaVacia).max(150),
  }, { error: VENDEDOR_MSG.busquedaVacia }),
}, { error: VENDEDOR_MSG.busquedaVacia });
export type VendedorBuscarRapido = z.input<typeof VendedorBuscarRapido>;

/** A seller as the list, the popups and the order's search read it (spec 3 §3). */
export interface Vendedor {
  ven_id: number;
  ven_nombre: string;
  ven_documento_identidad: string;
  ven_correo: string;
  ven_telefono: string;
  est_id: number;
  est_nombre: string;
}
