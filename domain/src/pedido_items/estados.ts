/**
 * Purchase request states (spec 3 §4 "Purchase request", DECISIONS §7), seeded in `pedido_estado`.
 * CREADO → solicitar → POR_APROBAR → aprobar (option `aprobar_pedido_items`, approved quantity per
 * line) → APROBADO → purchase orders made from it add to each line's bought quantity → completar →
 * ATENDIDO when every approved quantity is bought, else ATENDIDO_PARCIAL; eliminar → ELIMINADO.
 */
export const PEI = {
  CREADO: 'CREADO',
  POR_APROBAR: 'POR_APROBAR',
  APROBADO: 'APROBADO',
  ATENDIDO: 'ATENDIDO',
  ATENDIDO_PARCIAL: 'ATENDIDO_PARCIAL',
  ELIMINADO: 'ELIMINADO',
} as const;
export type PeiEstado = (typeof PEI)[keyof typeof PEI];

export const PEDIDO_ESTADOS = [
  { pes_codigo: PEI.CREADO, pes_nombre: 'Creado', pes_styles: 'blue' },
  { pes_codigo: PEI.POR_APROBAR, pes_nombre: 'Por aprobar', pes_styles: 'gold' },
  { pes_codigo: PEI.APROBADO, pes_nombre: 'Aprobado', pes_styles: 'green' },
  { pes_codigo: PEI.ATENDIDO, pes_nombre: 'Atendido', pes_styles: 'success' },
  { pes_codigo: PEI.ATENDIDO_PARCIAL, pes_nombre: 'Atendido parcial', pes_styles: 'orange' },
  { pes_codigo: PEI.ELIMINADO, pes_nombre: 'Eliminado', pes_styles: 'red' },
] as const;
