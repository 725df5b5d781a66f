import Decimal from 'decimal.js';
import { PEDIDO_ESTADOS, PEI, type PeiEstado } from './estados.ts';

/**
 * The actions on a purchase request and the states each is allowed from (spec 3 §4 "Purchase request",
 * DECISIONS §7). Modify, delete and approve in CREADO or POR_APROBAR; request approval only in CREADO;
 * completar only once approved (the spec does not show its state; APROBADO is the only one with
 * purchases to complete). ATENDIDO, ATENDIDO_PARCIAL and ELIMINADO are final.
 */
export const PEI_ACCIONES = ['modificar', 'solicitar_aprobacion', 'aprobar', 'eliminar', 'completar'] as const;
export type PeiAccion = (typeof PEI_ACCIONES)[number];

export const PEI_ESTADOS: readonly PeiEstado[] = Object.values(PEI);

/** action → states it is allowed from, and the state it leads to (null: stays; completar decides from the lines). */
export const PEI_TRANSICIONES: Record<PeiAccion, { desde: readonly PeiEstado[]; hacia: PeiEstado | null }> = {
  modificar: { desde: [PEI.CREADO, PEI.POR_APROBAR], hacia: null },
  solicitar_aprobacion: { desde: [PEI.CREADO], hacia: PEI.POR_APROBAR },
  aprobar: { desde: [PEI.CREADO, PEI.POR_APROBAR], hacia: PEI.APROBADO },
  eliminar: { desde: [PEI.CREADO, PEI.POR_APROBAR], hacia: PEI.ELIMINADO },
  completar: { desde: [PEI.APROBADO], hacia: null },
};

/** Purchase orders may buy from (and give back to) a request only while it is approved (DECISIONS §7). */
export const PEI_COMPRABLE: PeiEstado = PEI.APROBADO;

export const peiEstadoNombre = (codigo: string) => PEDIDO_ESTADOS.find((e) => e.pes_codigo === codigo)?.pes_nombre ?? codigo;

const ACCION_TEXTO: Record<PeiAccion, string> = {
  modificar: 'modificar',
  solicitar_aprobacion: 'solicitar la aprobación de',
  aprobar: 'aprobar',
  eliminar: 'eliminar',
  completar: 'completar',
};

/** Why `accion` is refused from `estado` (a Spanish 409 text), or null when allowed. */
export function peiTransicionError(estado: string, accion: PeiAccion): string | null {
  if ((PEI_TRANSICIONES[accion].desde as readonly string[]).includes(estado)) return null;
  return `No se puede ${ACCION_TEXTO[accion]} un pedido en estado ${peiEstadoNombre(estado)}`;
}

/** Whether every line's approved quantity is bought (lines approved at 0 count as bought). */
export function todoComprado(lineas: readonly { pid_cantidad_aprobada: string | null; oci_cantidad: string }[]): boolean {
  return lineas.every((l) => new Decimal(l.oci_cantidad).gte(l.pid_cantidad_aprobada ?? 0));
}

/** The state `accion` leads to from an allowed state; completar needs the lines (ATENDIDO only when all is bought). */
export function peiDestino(accion: PeiAccion, desde: PeiEstado, completo = false): PeiEstado {
  if (accion === 'completar') return completo ? PEI.ATENDIDO : PEI.ATENDIDO_PARCIAL;
  return PEI_TRANSICIONES[accion].hacia ?? desde;
}

/** The option the approval needs (spec 3 §6). */
export const OPCION_APROBAR_PEDIDO = 'aprobar_pedido_items';

/** Which actions a request's row offers to a caller: by state, the approval option, and never to a read-only role. */
export function peiAcciones(estado: string, who: { soloLectura: boolean; puedeAprobar: boolean }): Record<PeiAccion, boolean> {
  const out = {} as Record<PeiAccion, boolean>;
  for (const a of PEI_ACCIONES) {
    out[a] = !who.soloLectura && peiTransicionError(estado, a) === null && (a !== 'aprobar' || who.puedeAprobar);
  }
  return out;
}
