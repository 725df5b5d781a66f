import { z } from 'zod';
import { decimalText } from '../common/decimal-text.ts';
import { PageQuery } from '../common/envelope.ts';
import { coercedIdSchema } from '../common/ids.ts';
import { isDate, toDate } from '../common/time.ts';
import { isHora, parseFechaHoraLima } from '../orden_venta/fecha.ts';
import { ENVIO_FRECUENCIA_DEFECTO } from './calculo.ts';
import { ENV_ESTADOS_FILTRO } from './estados.ts';
import { documentoConductorValido, esLicenciaEnPlaca, esTipoDocumentoConductor, licenciaNormalizada, licenciaValida, type ConductorTipoDocumento } from './guia.ts';
import { CONDUCTOR_MSG as C, ENVIO_MSG as M, MIXER_MSG as X } from './mensajes.ts';

/**
 * Payloads of the dispatch, driver and mixer calls (spec 3 §7 "Dispatches", "Drivers", "Mixers"), in
 * the spec's wrappers. Times are 'dd-mm-yyyy HH:mm' (Lima) or ISO; loading and return times a client
 * sends are accepted and ignored: the server recomputes them (domain/envio/calculo.ts).
 */

const id = coercedIdSchema;
const idRequerido = (faltan: string) => z.unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: faltan, abort: true })
  .pipe(id(faltan));
/** '' reads as null, so the schema's own message answers a bad value (a union would answer a generic one). */
const vacioEsNulo = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? null : v), schema.nullish());
const idOpcional = (invalido: string) => z.union([z.literal(''), z.null(), id(invalido)]).optional().transform((v) => (v === '' || v === undefined ? null : v));

const fechaHora = (faltan: string) => z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true })
  .transform((v, ctx) => {
    const iso = parseFechaHoraLima(v);
    if (iso === null) ctx.addIssue({ code: 'custom', message: M.fechaHora });
    return iso ?? z.NEVER;
  });

const fechaFiltro = z.string().trim().nullish()
  .transform((v) => {
    if (!v) return null;
    const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(v);
    return dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : toDate(v);
  })
  .refine((v) => v === null || isDate(v), M.fecha);
const horaFiltro = z.string().trim().nullish().transform((v) => v || null).refine((v) => v === null || isHora(v), M.hora);
const textoFiltro = z.string().trim().max(200).nullish().transform((v) => v || null);
const ubiFiltro = z.union([z.literal(''), z.null(), z.string().trim().regex(/^\d{6}$/, M.distrito)]).optional().transform((v) => v || null);
const estadoFiltro = (validos: readonly number[], msg: string) => z.union([z.literal(''), z.null(), z.coerce.number().int().refine((v) => validos.includes(v), msg)])
  .optional().transform((v) => (typeof v === 'number' ? v : null));

// ------------------------------------------------------------------ dispatches

/** One dispatch as the schedule popup sends it. */
export const EnvioLinea = z.object({
  /** Present on reschedule for a dispatch that already exists; absent for a new one (spec 3 §5). */
  env_id: idOpcional(M.notFound),
  ovt_id: idRequerido(M.falta),
  ovd_id: idRequerido(M.falta),
  mix_id: idRequerido(M.falta),
  env_cantidad: decimalText({ decimales: 4, enteros: 6, positiva: true, faltan: M.falta, invalido: M.cantidad, maximo: M.cantidadMaxima }),
  env_fecha_hora_envio: fechaHora(M.falta),
  env_fecha_hora_salida: fechaHora(M.falta),
  env_frecuencia: z.union([z.literal(''), z.null(), z.coerce.number({ error: M.frecuencia }).int(M.frecuencia).min(1, M.frecuencia).max(1440, M.frecuencia)])
    .optional().transform((v) => (typeof v === 'number' ? v : ENVIO_FRECUENCIA_DEFECTO)),
  // Accepted and ignored: the server computes them.
  env_fecha_hora_carguio: z.unknown().optional(),
  env_fecha_hora_retorno: z.unknown().optional(),
}, { error: M.falta }).refine((e) => e.env_fecha_hora_salida < e.env_fecha_hora_envio, M.horaSalida);
export type EnvioLineaDatos = z.output<typeof EnvioLinea>;

const listaEnvio = z.array(EnvioLinea, { error: M.falta }).min(1, M.falta).max(50, M.maxEnvios);

/** `/envio/registrarEnvios {lista_envio:[...]}`: new dispatches (an `env_id` sent here is ignored). */
export const EnvioRegistrar = z.object({ lista_envio: listaEnvio }, { error: M.falta });
export type EnvioRegistrar = z.input<typeof EnvioRegistrar>;

/**
 * `/envio/modificar {lista_envio:[...]}` (reschedule): a dispatch with `env_id` must be programado and
 * may change its mixer, delivery, departure and frequency (the quantity stays); those without one are
 * new dispatches, created as registrarEnvios does.
 */
export const EnvioModificar = z.object({ lista_envio: listaEnvio }, { error: M.falta });
export type EnvioModificar = z.input<typeof EnvioModificar>;

/** `{envio:{env_id}}`: obtener, cancelarEnvio, cambiarSecuenciaEstado, verGuiaRemitente. */
export const EnvioId = z.object({ envio: z.object({ env_id: idRequerido(M.envIdFalta) }, { error: M.envIdFalta }) }, { error: M.envIdFalta });
export type EnvioId = z.input<typeof EnvioId>;

/**
 * `/envio/generarGuiaRemitente {envio:{env_id, cdt_id, ngu_peso_bruto, ngu_unidad_peso}}` (issue 23): the
 * gross weight is taken when it is not the product's (quantity × `pvt_peso`); the unit defaults to KGM.
 */
export const EnvioGuia = z.object({
  envio: z.object({
    env_id: idRequerido(M.envIdFalta),
    cdt_id: idRequerido(M.conductorNoExiste),
    ngu_peso_bruto: vacioEsNulo(decimalText({ decimales: 3, enteros: 11, positiva: true, faltan: M.pesoBruto, invalido: M.pesoBruto, maximo: M.pesoBrutoMaximo }))
      .transform((v) => v ?? null),
    ngu_unidad_peso: vacioEsNulo(z.enum(['KGM', 'TNE'], { error: M.unidadPeso })).transform((v) => v ?? 'KGM'),
  }, { error: M.envIdFalta }),
}, { error: M.envIdFalta });
export type EnvioGuia = z.input<typeof EnvioGuia>;
export type EnvioGuiaDatos = z.output<typeof EnvioGuia>['envio'];

/** /envio/verGuiaRemitente: `{envio:{env_id}}` or `{guia:{ngu_id}}` in the body, or `?env_id=` / `?ngu_id=` (the guide's link). */
export const EnvioVerGuiaBody = z.object({
  envio: z.object({ env_id: id(M.envIdFalta) }).optional(),
  guia: z.object({ ngu_id: id(M.guiaNoExiste) }).optional(),
}).nullish();
export const EnvioVerGuiaQuery = z.object({ env_id: id(M.envIdFalta).optional(), ngu_id: id(M.guiaNoExiste).optional() });

/** `/envio/descargarGuia {guia:{ngu_id, formato}}` (issue 23): the signed XML as sent to SUNAT, or SUNAT's CDR zip. */
export const EnvioDescargarGuia = z.object({
  guia: z.object({ ngu_id: idRequerido(M.guiaNoExiste), formato: z.enum(['xml', 'cdr'], { error: M.formatoGuia }) }, { error: M.guiaNoExiste }),
}, { error: M.guiaNoExiste });
export type EnvioDescargarGuia = z.input<typeof EnvioDescargarGuia>;

const filtroEnvio = {
  est_id: estadoFiltro(ENV_ESTADOS_FILTRO, M.estado),
  cli_search: textoFiltro,
  ubi_id: ubiFiltro,
  env_fecha_inicio: fechaFiltro,
  env_fecha_fin: fechaFiltro,
  ovt_hora_inicio: horaFiltro,
  ovt_hora_fin: horaFiltro,
};
const rango = (f: { env_fecha_inicio: string | null; env_fecha_fin: string | null }) => !f.env_fecha_inicio || !f.env_fecha_fin || f.env_fecha_inicio <= f.env_fecha_fin;

/**
 * `/envio/buscar {envio:{ovt_id, est_id, cli_search, ubi_id, env_fecha_inicio, env_fecha_fin, ovt_hora_inicio, ovt_hora_fin, page}}`
 * → `{page:{list, total, size, number}}`, by loading time (newest first). Dates are Lima dates of the
 * loading time; hours filter the Lima time of the delivery.
 */
export const EnvioBuscar = z.object({
  envio: z.object({
    ...filtroEnvio, ovt_id: idOpcional('El número de orden no es válido'),
    /** Inicio's work queue (issue 25): today's unfinished dispatches, or those running late. */
    pendientes: z.enum(['hoy', 'atrasados'], { error: 'El filtro de pendientes no es válido' }).nullish().transform((v) => v ?? null),
    page: PageQuery,
  }).prefault({}).refine(rango, M.rangoFechas),
}).prefault({});
export type EnvioBuscar = z.input<typeof EnvioBuscar>;
export type EnvioBuscarDatos = z.output<typeof EnvioBuscar>['envio'];

/**
 * `/envio/buscarEnviosxMixers {envio:{...same filters}}` → the day timeline: the active mixers and each
 * one's dispatches whose loading falls on the day (env_fecha_inicio; today in Lima when absent), plus
 * `version`, which `/envio/versionDia {envio:{env_fecha_inicio}}` answers alone for cheap polling.
 */
export const EnvioxMixers = z.object({ envio: z.object(filtroEnvio).prefault({}).refine(rango, M.rangoFechas) }).prefault({});
export type EnvioxMixers = z.input<typeof EnvioxMixers>;
export type EnvioxMixersDatos = z.output<typeof EnvioxMixers>['envio'];

export const EnvioVersionDia = z.object({ envio: z.object({ env_fecha_inicio: fechaFiltro }).prefault({}) }).prefault({});
export type EnvioVersionDia = z.input<typeof EnvioVersionDia>;

// ------------------------------------------------------------------ drivers

const textoC = (faltan: string, campo: string, max: number) =>
  z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true }).max(max, C.texto(campo, max));
const placaConductor = z.string().trim().max(10, C.placa).regex(/^[A-Za-z0-9-]*$/, C.placa).nullish().transform((v) => (v ?? '').toUpperCase());

/**
 * The driver's identity document and licence (issue 23), which the sender guide declares: optional
 * here (a driver may be registered before they are known), checked as SUNAT does when given; the
 * guide refuses a driver without them. The licence is kept as SUNAT takes it ('Q40211873').
 */
const documentoConductor = {
  /** Absent: '1' (DNI) on registration, unchanged on modification. */
  cdt_tipo_documento: z.preprocess((v) => (v === '' || v === null ? '1' : typeof v === 'number' ? String(v) : v),
    z.string({ error: C.tipoDocumento }).refine(esTipoDocumentoConductor, C.tipoDocumento).optional())
    .transform((v) => v as ConductorTipoDocumento | undefined),
  /** Absent: unchanged on modification; null or '' clears it. */
  cdt_numero_documento: z.string().trim().max(15, C.documento).nullish().transform((v) => (v === undefined ? undefined : v ?? '')),
  cdt_licencia: z.string().trim().max(20, C.licencia).nullish().transform((v) => (v === undefined ? undefined : licenciaNormalizada(v ?? '')))
    .refine((v) => !v || licenciaValida(v), C.licencia),
};
const documentoValido = (c: { cdt_tipo_documento?: string; cdt_numero_documento?: string }, ctx: z.RefinementCtx) => {
  const tipo = c.cdt_tipo_documento ?? '1';
  if (c.cdt_numero_documento && !documentoConductorValido(tipo, c.cdt_numero_documento)) {
    ctx.addIssue({ code: 'custom', path: ['cdt_numero_documento'], message: tipo === '1' ? C.dni : C.documento });
  }
};

/**
 * A licence sent as the plate (the spec's payload has only `cdt_placa`, which held the licence until
 * issue 23) is stored as the licence, the plate left empty (issue 24); refused when another licence is
 * sent with it.
 */
function licenciaDeLaPlaca<T extends { cdt_placa: string; cdt_licencia?: string }>(c: T, ctx: z.RefinementCtx): T {
  if (!esLicenciaEnPlaca(c.cdt_placa)) return c;
  const licencia = licenciaNormalizada(c.cdt_placa);
  if (c.cdt_licencia && c.cdt_licencia !== licencia) {
    ctx.addIssue({ code: 'custom', path: ['cdt_placa'], message: C.placaEsLicencia(c.cdt_placa) });
    return z.NEVER;
  }
  return { ...c, cdt_placa: '', cdt_licencia: licencia };
}

/** `/conductor/buscar {conductor:{cdt_search, busquedaRapida, page}}`: a quick search needs some text ('Debe ingresar alguna referencia del conductor'). */
export const ConductorBuscar = z.object({
  conductor: z.object({
    cdt_search: z.string().trim().max(200).nullish().transform((v) => v || ''),
    busquedaRapida: z.union([z.boolean(), z.literal(1), z.literal(0), z.literal('true'), z.literal('false')]).nullish().transform((v) => v === true || v === 1 || v === 'true'),
    page: PageQuery,
  }).prefault({}).refine((c) => !c.busquedaRapida || c.cdt_search !== '', M.conductorReferencia),
}).prefault({});
export type ConductorBuscar = z.input<typeof ConductorBuscar>;
export type ConductorBuscarDatos = z.output<typeof ConductorBuscar>['conductor'];

export const ConductorId = z.object({ conductor: z.object({ cdt_id: idRequerido(C.cdtIdFalta) }, { error: C.cdtIdFalta }) }, { error: C.cdtIdFalta });
export type ConductorId = z.input<typeof ConductorId>;

export const ConductorRegistrar = z.object({
  conductor: z.object({
    cdt_nombre: textoC(C.falta, 'El nombre', 100), cdt_apellido: textoC(C.falta, 'El apellido', 100), cdt_placa: placaConductor, ...documentoConductor,
  }, { error: C.falta }).superRefine(documentoValido).transform(licenciaDeLaPlaca),
}, { error: C.falta });
export type ConductorRegistrar = z.input<typeof ConductorRegistrar>;
export type ConductorDatos = z.output<typeof ConductorRegistrar>['conductor'];

export const ConductorModificar = z.object({
  conductor: z.object({
    cdt_id: idRequerido(C.cdtIdFalta),
    cdt_nombre: textoC(C.faltaModificar, 'El nombre', 100),
    cdt_apellido: textoC(C.faltaModificar, 'El apellido', 100),
    cdt_placa: placaConductor,
    ...documentoConductor,
    cdt_estado: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional().transform((v) => (v === undefined ? undefined : Number(v))),
  }, { error: C.faltaModificar }).superRefine(documentoValido).transform(licenciaDeLaPlaca),
}, { error: C.faltaModificar });
export type ConductorModificar = z.input<typeof ConductorModificar>;
export type ConductorModificarDatos = z.output<typeof ConductorModificar>['conductor'];

// ------------------------------------------------------------------ mixers

/** A plate as Peru prints it ('ABC-123', 'A1B-234'); kept upper case, unique ignoring case. */
const placaMixer = (faltan: string) => z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true })
  .regex(/^[A-Za-z0-9-]{5,10}$/, X.placa).transform((v) => v.toUpperCase());
const capacidad = (faltan: string) => decimalText({ decimales: 2, enteros: 6, positiva: true, faltan, invalido: X.capacidad, maximo: X.capacidadMaxima });
const nombreMixer = (faltan: string) => z.string({ error: faltan }).trim().min(1, { error: faltan, abort: true }).max(100, X.nombre);

/** `/mixer/buscar {mixer:{mix_id, mix_placa, mix_nombre, est_id, page}}`. */
export const MixerBuscar = z.object({
  mixer: z.object({
    mix_id: idOpcional('El número de mixer no es válido'),
    mix_placa: textoFiltro,
    mix_nombre: textoFiltro,
    est_id: estadoFiltro([0, 1], X.estado),
    page: PageQuery,
  }).prefault({}),
}).prefault({});
export type MixerBuscar = z.input<typeof MixerBuscar>;
export type MixerBuscarDatos = z.output<typeof MixerBuscar>['mixer'];

export const MixerId = z.object({ mixer: z.object({ mix_id: idRequerido(X.mixIdFalta) }, { error: X.mixIdFalta }) }, { error: X.mixIdFalta });
export type MixerId = z.input<typeof MixerId>;

export const MixerRegistrar = z.object({
  mixer: z.object({ mix_nombre: nombreMixer(X.falta), mix_capacidad: capacidad(X.falta), mix_placa: placaMixer(X.falta) }, { error: X.falta }),
}, { error: X.falta });
export type MixerRegistrar = z.input<typeof MixerRegistrar>;
export type MixerDatos = z.output<typeof MixerRegistrar>['mixer'];

/** `/mixer/modificar {mixer:{mix_id, mix_nombre, mix_capacidad, mix_placa, est_id, mix_version?}}`: est_id 1 activo, 0 inactivo. */
export const MixerModificar = z.object({
  mixer: z.object({
    mix_id: idRequerido(X.mixIdFalta),
    mix_nombre: nombreMixer(X.faltaModificar),
    mix_capacidad: capacidad(X.faltaModificar),
    mix_placa: placaMixer(X.faltaModificar),
    est_id: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: X.estado }).transform(Number),
    mix_version: z.coerce.number().int().positive().optional(),
  }, { error: X.faltaModificar }),
}, { error: X.faltaModificar });
export type MixerModificar = z.input<typeof MixerModificar>;
export type MixerModificarDatos = z.output<typeof MixerModificar>['mixer'];
