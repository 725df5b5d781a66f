import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { PageQuery } from '../common/envelope.ts';
import { coercedIdSchema } from '../common/ids.ts';
import { isDate, toDate } from '../common/time.ts';
import { OVT_ESTADOS_FILTRO } from './estados.ts';
import { isHora, parseFechaHoraLima } from './fecha.ts';
import { ORDEN_VENTA_MSG as M } from './mensajes.ts';

/**
 * Payloads of the sales order and payment calls (spec 3 §7 "Sales orders", "Sales order payments"),
 * in the spec's wrappers. Amounts a client sends (subtotal, IGV, total, line amounts) and the
 * registrar are accepted and ignored: the server computes the amounts with `ventaTotales` and the
 * registrar is the caller (DECISIONS §1, §2).
 */

const F = M.falta;
const id = coercedIdSchema;

/** Voucher types of a sales order (spec 3 §5): FACTURA (tid 1) and BOLETA (tid 2). */
export const TID_FACTURA = 1;
export const TID_BOLETA = 2;
/** The currency of sales orders: soles (mon_id 1); the products' prices are in soles. */
export const MON_SOLES = 1;
/** Most lines an order takes. */
export const OVT_MAX_LINEAS = 100;
/** Default dispatch frequency of a line, in minutes (spec 3 §9). */
export const ENV_FRECUENCIA_DEFECTO = 60;

/** A required id: absent or empty answers `faltan`, present but not an id the same text. */
const idRequerido = (faltan: string) => z.unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: faltan, abort: true })
  .pipe(id(faltan));

/** An optional id; '' and null are "none". */
const idOpcional = (invalido: string) => z.union([z.literal(''), z.null(), id(invalido)]).optional().transform((v) => (v === '' || v === undefined ? null : v));

const texto = (faltan: string, campo: string, max: number) =>
  z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true }).max(max, M.texto(campo, max));
const textoOpcional = (campo: string, max: number) => z.string().trim().max(max, M.texto(campo, max)).nullish().transform((v) => v ?? '');

const CORREO = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'dd-mm-yyyy HH:mm' (Lima) or ISO, as an ISO instant. */
const fechaHora = (faltan: string, invalido: string) => z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true })
  .transform((v, ctx) => {
    const iso = parseFechaHoraLima(v);
    if (iso === null) ctx.addIssue({ code: 'custom', message: invalido });
    return iso ?? z.NEVER;
  });

/** One line as the form sends it; `ovd_id`, `ovd_producto`, the product's prices and the line amounts are ignored. */
export const OrdenVentaLinea = z.object({
  pvt_id: idRequerido(F),
  ovd_precio: decimalText({ decimales: 2, enteros: 12, positiva: false, faltan: F, invalido: M.precio, maximo: M.precioMaximo }),
  ovd_cantidad: decimalText({ decimales: 4, enteros: 10, positiva: true, faltan: F, invalido: M.cantidad, maximo: M.cantidadMaxima }),
  env_frecuencia: z.union([z.literal(''), z.null(), z.coerce.number({ error: M.frecuencia }).int(M.frecuencia).min(1, M.frecuencia).max(1440, M.frecuencia)])
    .optional().transform((v) => (typeof v === 'number' ? v : ENV_FRECUENCIA_DEFECTO)),
}, { error: F });
export type OrdenVentaLineaDatos = z.output<typeof OrdenVentaLinea>;

const lineas = z.array(OrdenVentaLinea, { error: F }).min(1, F).max(OVT_MAX_LINEAS, M.maxLineas)
  .superRefine((ls, ctx) => {
    const vistos = new Set<number>();
    for (const l of ls) {
      if (vistos.has(l.pvt_id)) {
        ctx.addIssue({ code: 'custom', message: M.productoRepetido });
        return;
      }
      vistos.add(l.pvt_id);
    }
  });

/** The fields of a register and a modify (spec 3 §5 "Sales order, register/modify"). */
const campos = {
  cli_id: idRequerido(F),
  /** The shipping address: one of the client's active addresses; its address is copied into the order. */
  cde_id: idRequerido(F),
  ven_id: idOpcional(M.vendedor),
  tid_id: idRequerido(F),
  mon_id: idOpcional(M.moneda).refine((v) => v === null || v === MON_SOLES, M.moneda).transform(() => MON_SOLES),
  coc_id: idRequerido(F),
  ovt_nombre_contacto: texto(F, 'El nombre de contacto', 150),
  ovt_telefono_contacto: texto(F, 'El teléfono de contacto', 30),
  ovt_correo_contacto: texto(F, 'El correo de contacto', 150).refine((v) => CORREO.test(v), M.correo),
  ovt_observaciones: textoOpcional('Las observaciones', 500),
  ovt_guia: textoOpcional('El número de guía', 30),
  ovt_fecha_entrega: fechaHora(F, M.fechaEntrega),
  /** Reference and district of the delivery; empty takes the address's own. */
  ovt_referencia_envio: z.string().trim().max(300, M.texto('La referencia', 300)).nullish().transform((v) => v || null),
  ubi_id: z.union([z.literal(''), z.null(), z.string().trim().regex(/^\d{6}$/, M.distrito)]).optional().transform((v) => v || null),
  lista_orden_venta_detalle: lineas,
  // Accepted and ignored (DECISIONS §1, §2).
  ovt_direccion_envio: z.unknown().optional(),
  ovt_registrador: z.unknown().optional(),
  ovt_subtotal: z.unknown().optional(),
  ovt_igv_tasa: z.unknown().optional(),
  ovt_igv: z.unknown().optional(),
  ovt_total: z.unknown().optional(),
};

/**
 * `/ordenVenta/registrar {orden_venta:{...}}`. The register popup offers FACTURA (spec 3 §5 "Voucher
 * types"); the server also takes BOLETA, but only for a client without RUC, who cannot get a factura
 * (docs/business-rules.md "Sales orders").
 */
export const OrdenVentaRegistrar = z.object({
  orden_venta: z.object({
    ...campos,
    tid_id: idRequerido(F).refine((v) => v === TID_FACTURA || v === TID_BOLETA, M.tipoComprobante),
    ovt_documento_identidad_contacto: texto(F, 'El documento del contacto', 15),
  }, { error: F }),
}, { error: F });
export type OrdenVentaRegistrar = z.input<typeof OrdenVentaRegistrar>;
export type OrdenVentaDatos = z.output<typeof OrdenVentaRegistrar>['orden_venta'];

/** `/ordenVenta/modificar {orden_venta:{ovt_id, ovt_version, ...}}`: FACTURA or BOLETA; a stale version answers 409. */
export const OrdenVentaModificar = z.object({
  orden_venta: z.object({
    ...campos,
    ovt_id: idRequerido(F),
    ovt_version: idRequerido(F),
    tid_id: idRequerido(F).refine((v) => v === TID_FACTURA || v === TID_BOLETA, M.tipoComprobante),
    ovt_documento_identidad_contacto: textoOpcional('El documento del contacto', 15),
  }, { error: F }),
}, { error: F });
export type OrdenVentaModificar = z.input<typeof OrdenVentaModificar>;
export type OrdenVentaModificarDatos = z.output<typeof OrdenVentaModificar>['orden_venta'];

/** `{orden_venta:{ovt_id}}`: obtener, generarComprobante, verComprobante. */
export const OrdenVentaId = z.object({ orden_venta: z.object({ ovt_id: idRequerido(M.ovtIdFalta) }, { error: M.ovtIdFalta }) }, { error: M.ovtIdFalta });
export type OrdenVentaId = z.input<typeof OrdenVentaId>;

/** `/ordenVenta/aprobar {orden_venta:{ovt_id, coc_id}}`: the payment condition the approver confirms (kept on the order). */
export const OrdenVentaAprobar = z.object({
  orden_venta: z.object({ ovt_id: idRequerido(M.ovtIdFalta), coc_id: idOpcional(M.condicion) }, { error: M.ovtIdFalta }),
}, { error: M.ovtIdFalta });
export type OrdenVentaAprobar = z.input<typeof OrdenVentaAprobar>;

/** A Lima date 'YYYY-MM-DD' ('dd-mm-yyyy' and ISO timestamps read as their date); empty is "any". */
const fechaFiltro = z.string().trim().nullish()
  .transform((v) => {
    if (!v) return null;
    const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
    return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : toDate(v);
  })
  .refine((v) => v === null || isDate(v), M.fecha);
const horaFiltro = z.string().trim().nullish().transform((v) => v || null).refine((v) => v === null || isHora(v), M.hora);
const textoFiltro = z.string().trim().max(200).nullish().transform((v) => v || null);

/**
 * `/ordenVenta/buscar {orden_venta:{cli_search, ovt_id, est_id, ubi_id, ovt_fecha_inicio, ovt_fecha_fin, page}}`
 * → `{page:{list, total, size, number}}`, newest first. Dates are Lima dates of the sale. The dispatch
 * tab (issue 14) sends `cli_nombre` and the hours `ovt_hora_inicio`/`ovt_hora_fin`, which filter on
 * the Lima time of the delivery; `fecha_por: 'entrega'` moves the date range onto the delivery too.
 */
export const OrdenVentaBuscar = z.object({
  orden_venta: z.object({
    cli_search: textoFiltro,
    cli_nombre: textoFiltro,
    ovt_id: idOpcional('El número de orden no es válido'),
    est_id: z.union([z.literal(''), z.null(), z.coerce.number().int().refine((v) => OVT_ESTADOS_FILTRO.includes(v), M.estado)])
      .optional().transform((v) => (typeof v === 'number' ? v : null)),
    ubi_id: z.union([z.literal(''), z.null(), z.string().trim().regex(/^\d{6}$/, M.distrito)]).optional().transform((v) => v || null),
    ovt_fecha_inicio: fechaFiltro,
    ovt_fecha_fin: fechaFiltro,
    ovt_hora_inicio: horaFiltro,
    ovt_hora_fin: horaFiltro,
    fecha_por: z.enum(['venta', 'entrega']).nullish().transform((v) => v ?? 'venta'),
    page: PageQuery,
  }).prefault({})
    .refine((f) => !f.ovt_fecha_inicio || !f.ovt_fecha_fin || f.ovt_fecha_inicio <= f.ovt_fecha_fin, M.rangoFechas),
}).prefault({});
export type OrdenVentaBuscar = z.input<typeof OrdenVentaBuscar>;
export type OrdenVentaBuscarDatos = z.output<typeof OrdenVentaBuscar>['orden_venta'];

/** A payment date: 'dd-mm-yyyy HH:mm' (Lima) or ISO; a date alone is taken at noon Lima. */
const fechaPago = z.string({ error: M.pagoFalta }).trim().min(1, { error: M.pagoFalta, abort: true })
  .transform((v, ctx) => {
    const soloFecha = /^\d{2}[-/]\d{2}[-/]\d{4}$|^\d{4}-\d{2}-\d{2}$/.test(v);
    const iso = parseFechaHoraLima(soloFecha ? `${v} 12:00` : v);
    if (iso === null) ctx.addIssue({ code: 'custom', message: M.fechaPago });
    return iso ?? z.NEVER;
  });

/** `/ordenVentaPago/registrar {orden_venta_pago:{ovt_id, ovp_fecha_pago, ovp_registrador, ovp_descripcion, ovp_monto}}`. */
export const OrdenVentaPagoRegistrar = z.object({
  orden_venta_pago: z.object({
    ovt_id: idRequerido(M.pagoFalta),
    ovp_fecha_pago: fechaPago,
    ovp_descripcion: texto(M.descripcionPago, 'La descripción del pago', 300),
    ovp_monto: decimalText({ decimales: 2, enteros: 12, positiva: true, faltan: M.pagoFalta, invalido: M.montoPago, maximo: M.montoPagoMaximo }),
    /** Ignored: the registrar is the caller (DECISIONS §1). */
    ovp_registrador: z.unknown().optional(),
  }, { error: M.pagoFalta }),
}, { error: M.pagoFalta });
export type OrdenVentaPagoRegistrar = z.input<typeof OrdenVentaPagoRegistrar>;
export type OrdenVentaPagoDatos = z.output<typeof OrdenVentaPagoRegistrar>['orden_venta_pago'];

/** `{orden_venta_pago:{ovp_id}}`: cancelar, descargar. */
export const OrdenVentaPagoId = z.object({
  orden_venta_pago: z.object({ ovp_id: idRequerido(M.ovpIdFalta) }, { error: M.ovpIdFalta }),
}, { error: M.ovpIdFalta });
export type OrdenVentaPagoId = z.input<typeof OrdenVentaPagoId>;

/** `tipo` of /ordenVenta/adjuntar: what the document is (free text, 60 characters). */
export const OrdenVentaArchivoTipo = z.string().trim().max(60, M.tipoArchivo).nullish().transform((v) => v || 'documento');

/** `{orden_venta_archivo:{ova_id}}`: /ordenVenta/descargarArchivo. */
export const OrdenVentaArchivoId = z.object({
  orden_venta_archivo: z.object({ ova_id: idRequerido(M.archivoNotFound) }, { error: M.archivoNotFound }),
}, { error: M.archivoNotFound });
export type OrdenVentaArchivoId = z.input<typeof OrdenVentaArchivoId>;

/**
 * /ordenVenta/verComprobante: the order by `{orden_venta:{ovt_id}}` in the body or `?ovt_id=` in the
 * address (the voucher's link, `ovt_comprobante_enlace`, carries it there).
 */
export const OrdenVentaComprobanteBody = z.object({ orden_venta: z.object({ ovt_id: idRequerido(M.ovtIdFalta) }).optional() }).nullish();
/** `?ovt_id=N` (POST with the token) or `?ovt_id=N&k=KEY`, the voucher's public link (GET). */
export const OrdenVentaComprobanteQuery = z.object({ ovt_id: id(M.ovtIdFalta).optional(), k: z.string().max(64).optional() });
