import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { PageQuery } from '../common/envelope.ts';
import { coercedIdSchema } from '../common/ids.ts';
import { isDate, toDate } from '../common/time.ts';
import { CAJ_ESTADOS, CAJA_MSG, type CajEstado, type CajOpciones } from './estados.ts';
import { RENDICION_MAX_LINEAS, RENDICION_MSG, RendicionLinea, type RendicionLineaRevisada } from './rendicion.ts';

/** Payloads of the petty cash and settlement calls (spec 2 §7 "Petty cash", "Settlements"), in the spec's wrappers. */

const id = coercedIdSchema;

/** An optional date; empty is "any", an ISO timestamp keeps its date part. */
const fechaOpcional = z.string().trim().nullish()
  .transform((v) => (v ? toDate(v) : null))
  .refine((v) => v === null || isDate(v), CAJA_MSG.fecha);

/** A required id: absent or empty answers `faltan` (spec 2 §5), present but not an id its own message. */
const idRequerido = (faltan: string, invalido: string) => z.unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: faltan, abort: true })
  .pipe(id(invalido));

/** The fields a register or an edit sends; a missing one answers `faltan`. */
const campos = (faltan: string) => ({
  mon_id: idRequerido(faltan, CAJA_MSG.moneda),
  cec_id: idRequerido(faltan, CAJA_MSG.centroCosto),
  tca_id: idRequerido(faltan, CAJA_MSG.tipoCaja),
  caj_titulo: z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true }).max(150, CAJA_MSG.tituloMaximo),
  caj_descripcion: z.string().trim().max(400, CAJA_MSG.descripcionMaxima).nullish().transform((v) => v ?? ''),
  caj_monto: decimalText({ decimales: 2, enteros: 12, positiva: true, faltan, invalido: CAJA_MSG.montoPositivo, maximo: CAJA_MSG.montoMaximo }),
  usu_gerente: idRequerido(faltan, CAJA_MSG.gerente),
  usu_solicitante: idRequerido(faltan, CAJA_MSG.solicitante),
});

const R = CAJA_MSG.faltaRegistrar;
const E = CAJA_MSG.faltaEditar;
const F = CAJA_MSG.cajIdFalta;

/** `/caja/registrar {caja:{mon_id, cec_id, tca_id, caj_titulo, caj_descripcion, caj_monto, usu_gerente, usu_solicitante}}`. */
export const CajaRegistrar = z.object({ caja: z.object(campos(R), { error: R }) }, { error: R });
export type CajaRegistrar = z.input<typeof CajaRegistrar>;
export type CajaDatos = z.output<typeof CajaRegistrar>['caja'];

/** `/caja/editar {caja:{caj_id, caj_version?, ...}}`: with the version read, a stale edit answers 409. */
export const CajaEditar = z.object({
  caja: z.object({ caj_id: id(E), caj_version: id(E).optional(), ...campos(E) }, { error: E }),
}, { error: E });
export type CajaEditar = z.input<typeof CajaEditar>;
export type CajaEditarDatos = z.output<typeof CajaEditar>['caja'];

/**
 * `{caja:{caj_id}}` and the optional extras of each action: obtener, solicitarAprobacionCaja, cancelar,
 * aprobar (`usu_aprobador` ignored: the approver is the caller), desaprobar (`caj_observacion`, the
 * reason), the settlement's request, approval and disapproval. `usuario` is accepted and ignored:
 * identity comes from the token (DECISIONS §1).
 */
export const CajaId = z.object({
  caja: z.object({
    caj_id: id(F),
    caj_observacion: z.string().trim().max(400, CAJA_MSG.observacionMaxima).nullish().transform((v) => v ?? ''),
    usu_aprobador: z.unknown().optional(),
    usu_aprobador_rendicion: z.unknown().optional(),
  }, { error: F }),
  usuario: z.unknown().optional(),
}, { error: F });
export type CajaId = z.input<typeof CajaId>;

/** `/caja/depositar {caja:{caj_id, caj_numero_operacion?, caj_fecha_deposito?}}`: the date defaults to today (Lima), never later. */
export const CajaDepositar = z.object({
  caja: z.object({
    caj_id: id(F),
    caj_numero_operacion: z.string().trim().max(60, CAJA_MSG.numeroOperacionMaximo).nullish().transform((v) => v ?? ''),
    caj_fecha_deposito: fechaOpcional,
  }, { error: F }),
  usuario: z.unknown().optional(),
}, { error: F });
export type CajaDepositar = z.input<typeof CajaDepositar>;

/**
 * The text fields of `/rendicion/reembolsar` and `/rendicion/devolver` (multipart, with the voucher in
 * `file`): `caj_monto_cierre` must equal the settlement's balance (the server recomputes it and refuses
 * any other amount), `caj_fecha_cierre` defaults to today (Lima), `caj_numero_operacion_cierre` is optional.
 */
export const CajaCierre = z.object({
  caj_id: id(F),
  caj_monto_cierre: decimalText({
    decimales: 2, enteros: 12, positiva: true, faltan: CAJA_MSG.montoCierreFalta, invalido: CAJA_MSG.montoPositivo, maximo: CAJA_MSG.montoMaximo,
  }),
  caj_fecha_cierre: z.string().trim().nullish()
    .transform((v) => (v ? toDate(v) : null))
    .refine((v) => v === null || isDate(v), CAJA_MSG.fechaCierre),
  caj_numero_operacion_cierre: z.string().trim().max(60, CAJA_MSG.numeroOperacionMaximo).nullish().transform((v) => v ?? ''),
}, { error: F });
export type CajaCierre = z.input<typeof CajaCierre>;
export type CajaCierreDatos = z.output<typeof CajaCierre>;

/**
 * `/caja/buscarAprobadores {caja:{cec_id, usu_solicitante?}}`: who may be named manager of a cash box
 * charged to that cost centre (docs/business-rules.md "Petty cash").
 */
export const CajaAprobadores = z.object({
  caja: z.object({
    cec_id: id(CAJA_MSG.centroCosto),
    usu_solicitante: id(CAJA_MSG.solicitante).nullish(),
  }, { error: CAJA_MSG.centroCosto }),
}, { error: CAJA_MSG.centroCosto });
export type CajaAprobadores = z.input<typeof CajaAprobadores>;

/** One approver offered for a cash box; the requester's own managers come first. */
export interface CajaAprobador {
  usu_id: number;
  usu_nombre_completo: string;
  /** The approver's project; null for a company-wide (level 1) user. */
  pry_nombre: string | null;
  /** An approver of the requester's own project, or the requester's last manager. */
  es_jefe: boolean;
}

const ESTADOS = CAJ_ESTADOS as [CajEstado, ...CajEstado[]];

/**
 * `/caja/buscar {caja:{caj_codigo, caj_estado, cec_id, fecha_inicio, fecha_fin, tca_id, caj_titulo, page}}`
 * → `{page:{list, total, size, number}}`. Dates are Lima dates of registration; the screen sends the
 * last 7 days by default. The same filter drives the two reports.
 */
export const CajaFiltro = z.object({
  caja: z.object({
    caj_codigo: z.string().trim().max(40).nullish().transform((v) => v || null),
    caj_estado: z.enum(ESTADOS, { error: 'Seleccione un estado de caja válido' }).nullish().or(z.literal('').transform(() => null)),
    cec_id: id('Seleccione un centro de costo válido').nullish(),
    tca_id: id(CAJA_MSG.tipoCaja).nullish(),
    caj_titulo: z.string().trim().max(150).nullish().transform((v) => v || null),
    fecha_inicio: fechaOpcional,
    fecha_fin: fechaOpcional,
    /** Expense report of one cash box only. */
    caj_id: id(F).nullish(),
    page: PageQuery,
  }).prefault({}).refine((f) => !f.fecha_inicio || !f.fecha_fin || f.fecha_inicio <= f.fecha_fin, CAJA_MSG.rangoFechas),
  usuario: z.unknown().optional(),
}).prefault({});
export type CajaFiltro = z.input<typeof CajaFiltro>;
export type CajaFiltroDatos = z.output<typeof CajaFiltro>['caja'];

/** `/rendicion/registrar {caj_id, rendicion?, lista_rendicion_detalle}`: replaces the settlement's documents. */
export const RendicionRegistrar = z.object({
  caj_id: id(F),
  rendicion: z.unknown().optional(),
  lista_rendicion_detalle: z.array(RendicionLinea, { error: RENDICION_MSG.sinLineas })
    .min(1, RENDICION_MSG.sinLineas).max(RENDICION_MAX_LINEAS, RENDICION_MSG.maxLineas),
}, { error: F });
export type RendicionRegistrar = z.input<typeof RendicionRegistrar>;

/** A cash box as the list, the detail and the settlement screen receive it (spec 2 §3 "Petty cash"). */
export interface CajaFila {
  caj_id: number;
  caj_codigo: string;
  caj_titulo: string;
  caj_descripcion: string;
  caj_monto: string;
  /** The amount with its currency symbol and two decimals. */
  caj_monto_text: string;
  caj_fecha_registro: string;
  caj_url_pdf: string | null;
  caj_pdf_nombre: string | null;
  cec_id: number;
  cec_codigo: string;
  cec_descripcion: string;
  tca_id: number;
  tca_nombre: string;
  mon_id: number;
  mon_simbolo: string;
  usu_gerente: number;
  usu_gerente_nombre: string;
  usu_solicitante: number;
  usu_solicitante_nombre: string;
  usu_nombre_creador: string;
  est_id: string;
  est_descripcion: string;
  est_styles: string;
  caj_version: number;
  caj_opciones: CajOpciones;
}

/** The detail adds the requester's data, the deposit, the last observation and the history. */
export interface CajaDetalle extends CajaFila {
  solicitante: { usu_nombre: string; usu_correo: string; usu_dni: string; pry_nombre: string | null };
  caj_fecha_aprobacion: string | null;
  usu_aprobador_nombre: string | null;
  caj_fecha_deposito: string | null;
  caj_numero_operacion: string;
  usu_depositante_nombre: string | null;
  caj_observacion: string;
  historial: { cah_estado: string; est_descripcion: string; usu_nombre: string; cah_fecha: string; cah_observacion: string }[];
  /** How the balance was closed (reimbursement in CRB, return in CDV); null while open. */
  cierre: CajaCierreDetalle | null;
}

export interface CajaCierreDetalle {
  tipo: 'reembolso' | 'devolucion';
  caj_monto_cierre: string;
  caj_monto_cierre_text: string;
  caj_fecha_cierre: string;
  caj_numero_operacion_cierre: string;
  usu_cierre_nombre: string;
  caj_voucher_nombre: string | null;
  /** Where the voucher is read (POST {caja:{caj_id}}); null when none was kept. */
  caj_url_voucher: string | null;
}

/** `/rendicion/obtenerRendicionxCaja` → the settlement (spec 2 §3 "Expense report"). */
export interface RendicionReply {
  ren_total: string;
  ren_saldo: string;
  /** 'S/ 1,234.50'. */
  ren_total_text: string;
  /** A negative balance reads as owed to the requester: 'S/ 12.00 a favor del solicitante'. */
  ren_saldo_text: string;
  saldo_a_favor: 'solicitante' | 'empresa' | null;
  lista_rendicion_detalle: RendicionLineaRevisada[];
}
