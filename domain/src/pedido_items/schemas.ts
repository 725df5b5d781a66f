import { z } from 'zod';
import { PageQuery } from '../common/envelope.ts';
import { decimalText } from '../common/decimal-text.ts';
import { idSchema } from '../common/ids.ts';
import { PEI, type PeiEstado } from './estados.ts';

/**
 * Purchase requests (spec 3 §2 "Purchase requests", §3 "Purchase request", "Request line", §4, §5, §7
 * "Purchase requests", §8; DECISIONS §7). Payloads of the /pedidoItems calls, with the spec's texts.
 */

/** At most this many lines per request. */
export const MAX_PEDIDO_LINEAS = 200;

/** The code series: PED-2026-000001 (DECISIONS §2). */
export const PEI_SERIE = 'PED';
export const codigoPedido = (anio: number, numero: number) => `${PEI_SERIE}-${anio}-${String(numero).padStart(6, '0')}`;

export const PEDIDO_MSG = {
  // Spec 3 §8, word for word (the typo of the delete question included).
  confirmarAprobar: '¿Desea aprobar el pedido de items?',
  confirmarCompletar: '¿Desea completar el pedido?',
  confirmarEliminar: '¿Deseea eliminar el pedido de items?',
  productoAgregado: 'El producto ya ha sido agregado',
  referenciaProducto: 'Debe ingresar alguna referencia del producto',
  // Ours.
  faltanDatos: 'Falta ingresar datos para registrar el pedido de items',
  sinLineas: 'Agregue al menos un producto al pedido',
  demasiadasLineas: `Un pedido admite como máximo ${MAX_PEDIDO_LINEAS} productos`,
  cantidad: 'La cantidad solicitada debe ser un número mayor a cero, con hasta 4 decimales',
  cantidadAprobada: 'La cantidad aprobada debe ser un número de 0 en adelante, con hasta 4 decimales',
  cantidadMaxima: 'La cantidad admite a lo más 10 dígitos enteros',
  lineaRepetida: 'Una línea del pedido se indicó dos veces',
  registrado: (codigo: string) => `Se registró el pedido ${codigo}`,
  modificado: 'Se modificó el pedido de items',
  solicitado: 'Se solicitó la aprobación del pedido',
  aprobado: 'Se aprobó el pedido de items',
  eliminado: 'Se eliminó el pedido de items',
  completado: (estado: string) => `Se completó el pedido: quedó en estado ${estado}`,
  notFound: 'No se encontró el pedido de items',
  almacenNotFound: 'No se encontró el almacén',
  almacenInactivo: (nombre: string) => `El almacén ${nombre} está inactivo`,
  centroCosto: 'El centro de costo no existe o no está activo',
  centroCostoProyecto: 'El centro de costo debe ser del proyecto del almacén',
  logistica: 'El usuario de logística debe ser un usuario activo con el rol LOGÍSTICA',
  producto: 'Algún producto seleccionado no existe',
  productoInactivo: (nombre: string) => `El producto ${nombre} está deshabilitado`,
  version: 'El pedido fue modificado por otro usuario, vuelva a cargarlo',
  versionFalta: 'Debe indicar la versión leída del pedido',
  aprobarLineas: 'Debe indicar la cantidad aprobada de cada línea del pedido',
  aprobadaExcede: (producto: string, solicitada: string) => `La cantidad aprobada de ${producto} no puede superar la solicitada (${solicitada})`,
  aprobadaCero: 'Debe aprobar una cantidad mayor a cero en al menos una línea; si no se comprará nada, elimine el pedido',
  // The link with purchase orders (DECISIONS §7).
  pedidoNoAprobado: (codigo: string, estado: string) => `El pedido ${codigo} está en estado ${estado}: solo se compra de un pedido aprobado`,
  pedidoCerrado: (codigo: string, estado: string) =>
    `El pedido ${codigo} está en estado ${estado}: las cantidades que la orden toma de él ya no pueden cambiar`,
  lineaSinPedido: 'Una línea viene de un pedido, pero la orden no indica el pedido',
  lineaAjena: (codigo: string) => `Una línea de la orden no pertenece al pedido ${codigo}`,
  lineaProducto: (producto: string) => `La línea de ${producto} debe comprar el mismo producto del pedido`,
  proyectoOrden: (codigo: string) => `El centro de costo de la orden debe ser del proyecto del pedido ${codigo}`,
  excedeAprobado: (producto: string, codigo: string, pendiente: string) =>
    `La cantidad de ${producto} supera lo que falta comprar del pedido ${codigo} (${pendiente})`,
} as const;

const F = PEDIDO_MSG.faltanDatos;

const cantidad = (positiva: boolean, invalido: string) =>
  decimalText({ decimales: 4, enteros: 10, positiva, faltan: F, invalido, maximo: PEDIDO_MSG.cantidadMaxima });

/** An optional filter text: empty is "any". */
const filtroTexto = (max: number) => z.string().trim().max(max, `El texto no debe superar ${max} caracteres`).nullish().transform((v) => v || null);

const ESTADO_CODIGOS: readonly PeiEstado[] = Object.values(PEI);
const ESTADO_INVALIDO = 'Seleccione un estado de pedido válido';

/** `/pedidoItems/paginar {pedido_items:{pei_codigo, pei_estado, alm_id, page:{number,size}}}`. */
export const PedidoPaginar = z.object({
  pedido_items: z.object({
    pei_codigo: filtroTexto(40),
    pei_estado: z.string({ error: ESTADO_INVALIDO }).trim().max(40, ESTADO_INVALIDO).nullish().transform((v) => v || null)
      .refine((v) => v === null || (ESTADO_CODIGOS as string[]).includes(v), ESTADO_INVALIDO).transform((v) => v as PeiEstado | null),
    alm_id: idSchema('Seleccione un almacén válido').nullish().transform((v) => v ?? null),
    page: PageQuery,
  }).prefault({}),
}).prefault({});
export type PedidoPaginar = z.input<typeof PedidoPaginar>;
export type PedidoFiltro = z.output<typeof PedidoPaginar>['pedido_items'];

/** `{pedido_items:{pei_id}}`: obtener, solicitarAprobacion, eliminar, completar, buscarProductosxPedido. */
export const PedidoId = z.object({ pedido_items: z.object({ pei_id: idSchema(F) }, { error: F }) }, { error: F });
export type PedidoId = z.input<typeof PedidoId>;

/** One line of a request: a product and its requested quantity. */
export const PedidoLinea = z.object({
  prv_id: idSchema(F),
  pid_cantidad_solicitada: cantidad(true, PEDIDO_MSG.cantidad),
}, { error: F });

const lineas = z.array(PedidoLinea, { error: PEDIDO_MSG.sinLineas })
  .min(1, PEDIDO_MSG.sinLineas).max(MAX_PEDIDO_LINEAS, PEDIDO_MSG.demasiadasLineas)
  .refine((ls) => new Set(ls.map((l) => l.prv_id)).size === ls.length, PEDIDO_MSG.productoAgregado);

const datos = {
  alm_id: idSchema(F),
  cec_id: idSchema(F),
  usu_logistica: idSchema(F),
  pei_notas: z.string().trim().max(500, 'Las notas no deben superar 500 caracteres').nullish().transform((v) => v ?? ''),
  lista_pedido_items_detalle: lineas,
};

/** `/pedidoItems/registrar {pedido_items}`: warehouse, cost centre, logistics person, notes and lines. */
export const PedidoRegistrar = z.object({ pedido_items: z.object(datos, { error: F }) }, { error: F });
export type PedidoRegistrar = z.input<typeof PedidoRegistrar>;
export type PedidoDatos = z.output<typeof PedidoRegistrar>['pedido_items'];

/** `/pedidoItems/modificar {pedido_items}`: the same plus the id and the version read. */
export const PedidoModificar = z.object({
  pedido_items: z.object({ ...datos, pei_id: idSchema(F), pei_version: idSchema(PEDIDO_MSG.versionFalta) }, { error: F }),
}, { error: F });
export type PedidoModificar = z.input<typeof PedidoModificar>;
export type PedidoModificarDatos = z.output<typeof PedidoModificar>['pedido_items'];

/** `/pedidoItems/aprobar {pedido_items:{pei_id, lista_pedido_items_detalle:[{pid_id, pid_cantidad_aprobada}]}}`. */
export const PedidoAprobar = z.object({
  pedido_items: z.object({
    pei_id: idSchema(F),
    lista_pedido_items_detalle: z.array(z.object({ pid_id: idSchema(F), pid_cantidad_aprobada: cantidad(false, PEDIDO_MSG.cantidadAprobada) }, { error: F }),
      { error: PEDIDO_MSG.aprobarLineas })
      .min(1, PEDIDO_MSG.aprobarLineas).max(MAX_PEDIDO_LINEAS, PEDIDO_MSG.demasiadasLineas)
      .refine((ls) => new Set(ls.map((l) => l.pid_id)).size === ls.length, PEDIDO_MSG.lineaRepetida),
  }, { error: F }),
}, { error: F });
export type PedidoAprobar = z.input<typeof PedidoAprobar>;
export type PedidoAprobarDatos = z.output<typeof PedidoAprobar>['pedido_items'];

/** `buscarRapido` and `buscarPedidoParaOC {pedido_items:{pei_codigo}}`: part of the code, notes, project or warehouse; empty lists the latest. */
export const PedidoBuscarTexto = z.object({
  pedido_items: z.object({ pei_codigo: z.string().trim().max(100, 'El texto no debe superar 100 caracteres').nullish().transform((v) => v ?? '') }).prefault({}),
}).prefault({});
export type PedidoBuscarTexto = z.input<typeof PedidoBuscarTexto>;

/** The product quick search of the request popup `{producto:{prv_nombre}}`; empty text answers the spec's message. */
export const PedidoBuscarProducto = z.object({
  producto: z.object({
    prv_nombre: z.string({ error: PEDIDO_MSG.referenciaProducto }).trim().min(1, PEDIDO_MSG.referenciaProducto).max(100, 'El texto no debe superar 100 caracteres'),
  }, { error: PEDIDO_MSG.referenciaProducto }),
}, { error: PEDIDO_MSG.referenciaProducto });
export type PedidoBuscarProducto = z.input<typeof PedidoBuscarProducto>;

/** The options loader `{estado:{modulo:'pedidoItems'}, almacen:{pry_id}}` (spec 3 §7). */
export const PedidoOpciones = z.object({
  estado: z.object({ modulo: z.string().max(40).nullish() }).nullish(),
  almacen: z.object({ pry_id: idSchema('Seleccione un proyecto válido').nullish() }).nullish(),
}).prefault({});
export type PedidoOpciones = z.input<typeof PedidoOpciones>;

/** Cost centres by status and project `{centro_costo:{est_codigo, pry_id}}`; no status is any. */
export const PedidoCentrosCosto = z.object({
  centro_costo: z.object({
    est_codigo: z.enum(['activo', 'inactivo'], { error: 'Seleccione un estado válido' }).nullish().transform((v) => v ?? null),
    pry_id: idSchema('Seleccione un proyecto válido').nullish().transform((v) => v ?? null),
  }).prefault({}),
}).prefault({});
export type PedidoCentrosCosto = z.input<typeof PedidoCentrosCosto>;

/** Users by role `{usuario:{rol_id}}` (the logistics pool is role LOGÍSTICA, spec 3 §6). */
export const PedidoUsuariosRol = z.object({
  usuario: z.object({ rol_id: z.number({ error: 'Seleccione un rol válido' }).int('Seleccione un rol válido').min(0, 'Seleccione un rol válido').max(1000, 'Seleccione un rol válido') }),
});
export type PedidoUsuariosRol = z.input<typeof PedidoUsuariosRol>;
