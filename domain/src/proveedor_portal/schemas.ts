import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { MSG } from '../common/messages.ts';
import { coercedIdSchema, idSchema } from '../common/ids.ts';
import { isDate, toDate } from '../common/time.ts';
import { TIPO_ORDEN } from '../orden/calculo.ts';
import { rucProblem } from '../proveedor/ruc.ts';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MSG } from '../usuario/password.ts';
import { PORTAL_MSG } from './mensajes.ts';

/** Payloads of the supplier portal calls (spec 3 §7 "Supplier portal"), in the spec's wrappers. */

/** `/proveedor2/obtenerDatosxRuc {proveedor:{pve_ruc}}`: 11 digits, a taxpayer prefix and the SUNAT check digit. */
export const ObtenerDatosxRuc = z.object({
  proveedor: z.object({
    pve_ruc: z.string({ error: PORTAL_MSG.rucFalta }).trim().min(1, { error: PORTAL_MSG.rucFalta, abort: true })
      .superRefine((v, ctx) => {
        const problem = rucProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  }, { error: PORTAL_MSG.rucFalta }),
}, { error: PORTAL_MSG.rucFalta });
export type ObtenerDatosxRuc = z.input<typeof ObtenerDatosxRuc>;

const U = PORTAL_MSG.faltanDatosUsuario;
/** A required text of the user block: empty answers the spec's 'Faltan ingresar datos del usuario'. */
const requerido = z.string({ error: U }).trim().min(1, { error: U, abort: true });

/** A password is kept as typed (not trimmed), but only spaces count as missing. */
const secreto = z.string({ error: U }).refine((v) => v.trim() !== '', { message: U, abort: true });


/**
 * `/proveedor2/crearCuenta {proveedor:{pve_id}, usuario:{usu_correo, usu_dni, usu_nombre, usu_apellido,
 * usu_password, usu_confirmed_password}}` (spec 3 §3 "Supplier user", §5). Every field missing
 * answers 'Faltan ingresar datos del usuario'; only once all are there does a mismatch answer
 * 'La contraseña y la confirmación no coinciden'.
 */
export const CrearCuenta = z.object({
  proveedor: z.object({ pve_id: idSchema(PORTAL_MSG.proveedorFalta) }, { error: PORTAL_MSG.proveedorFalta }),
  usuario: z.object({
    usu_correo: requerido.toLowerCase().max(150, 'El correo no debe superar 150 caracteres').pipe(z.email(MSG.email)),
    usu_dni: requerido.regex(/^(\d{8}|[A-Za-z0-9]{9,12})$/, 'El DNI debe tener 8 dígitos (carné de extranjería: 9 a 12 caracteres)'),
    usu_nombre: requerido.max(100, 'Los nombres no deben superar 100 caracteres'),
    usu_apellido: requerido.max(100, 'Los apellidos no deben superar 100 caracteres'),
    usu_password: secreto.max(PASSWORD_MAX, PASSWORD_MSG.larga),
    usu_confirmed_password: secreto.max(200, PORTAL_MSG.passwordNoCoincide),
  }, { error: U })
    .refine((u) => u.usu_password === u.usu_confirmed_password, { message: PORTAL_MSG.passwordNoCoincide, path: ['usu_confirmed_password'] })
    .refine((u) => u.usu_password.length >= PASSWORD_MIN, { message: PASSWORD_MSG.corta, path: ['usu_password'] }),
}, { error: U });
export type CrearCuenta = z.input<typeof CrearCuenta>;
export type CrearCuentaDatos = z.output<typeof CrearCuenta>;

/** `/proveedor2/confirmarCuenta {token}`: the random part of the mailed link (base64url). */
export const ConfirmarCuenta = z.object({
  token: z.string({ error: PORTAL_MSG.enlaceFalta }).trim().min(1, { error: PORTAL_MSG.enlaceFalta, abort: true })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, PORTAL_MSG.enlaceInvalido),
}, { error: PORTAL_MSG.enlaceFalta });
export type ConfirmarCuenta = z.input<typeof ConfirmarCuenta>;

/** An optional date filter: empty is "any", an ISO timestamp keeps its date part. */
const fechaFiltro = z.string().trim().max(40, PORTAL_MSG.fecha).nullish()
  .transform((v) => (v ? toDate(v) : null))
  .refine((v) => v === null || isDate(v), PORTAL_MSG.fecha);

/**
 * `/ordenCompra/paginarxProveedor {orden_compra:{ord_tipo_orden, ord_codigo, ord_fecha_inicio, ord_fecha_fin, page}}`
 * → `{page:{list, total, size, number}}`. `ord_codigo` is the order's id or a part of its code; the
 * dates bound the order date. The supplier is the caller's (DECISIONS §1), never a filter.
 */
export const OrdenProveedorPaginar = z.object({
  orden_compra: z.object({
    ord_tipo_orden: z.union([z.literal(TIPO_ORDEN.COMPRA), z.literal(TIPO_ORDEN.SERVICIO)], { error: PORTAL_MSG.tipoOrden }).nullish()
      .transform((v) => v ?? null),
    ord_codigo: z.string().trim().max(60, 'El código no debe superar 60 caracteres').nullish().transform((v) => v || null),
    ord_fecha_inicio: fechaFiltro,
    ord_fecha_fin: fechaFiltro,
    page: PageQuery,
    /** Accepted for compatibility (the old screen sent it); the token decides the supplier. */
    pve_id: z.unknown().optional(),
  }).prefault({})
    .refine((f) => !f.ord_fecha_inicio || !f.ord_fecha_fin || f.ord_fecha_inicio <= f.ord_fecha_fin, { path: ['ord_fecha_fin'], message: PORTAL_MSG.rangoFechas }),
}).prefault({});
export type OrdenProveedorPaginar = z.input<typeof OrdenProveedorPaginar>;
export type OrdenProveedorFiltro = z.output<typeof OrdenProveedorPaginar>['orden_compra'];

const O = PORTAL_MSG.ordenFalta;
/** `/ordenCompra/obtenerxProveedor` and `/ordenCompra/listarFacturas {orden_compra:{ord_id}}`. */
export const OrdenProveedorObtener = z.object({ orden_compra: z.object({ ord_id: idSchema(O) }, { error: O }) }, { error: O });
export type OrdenProveedorObtener = z.input<typeof OrdenProveedorObtener>;

/** `/ordenPago/buscarxProveedor {orden_pago:{ord_id}}`: the payments of one of the caller's orders. */
export const OrdenPagoProveedorBuscar = z.object({ orden_pago: z.object({ ord_id: idSchema(O) }, { error: O }) }, { error: O });
export type OrdenPagoProveedorBuscar = z.input<typeof OrdenPagoProveedorBuscar>;

const A = PORTAL_MSG.facturaArchivoFalta;
/** `/ordenCompra/descargarFactura {orden_archivo:{oar_id}}`: one file the caller sent. */
export const FacturaDescargar = z.object({ orden_archivo: z.object({ oar_id: idSchema(A) }, { error: A }) }, { error: A });
export type FacturaDescargar = z.input<typeof FacturaDescargar>;

/** The text fields of `/ordenCompra/adjuntarFactura` (multipart: ord_id, files `pdf` and `xml`). */
export const FacturaAdjuntarCampos = z.object({ ord_id: coercedIdSchema(O) }, { error: O });
