import type {
  Asignacion, AsignacionBuscar, AsignacionesPorItem, AsignacionItemRow, AsignacionRegistrar, AsignacionRow, AsiEstado,
  Devolucion, DevolucionesPorItem, DevolucionItemRow, DevolucionRegistrar, DevolucionRow, EmpleadoRapido, Paged,
} from '@obra/domain';
import { ASI_ESTADOS_FILTRO, ASI_TIPOS } from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** Calls of spec 2 §7 "Assignments (/asignacionItems)" and "Returns (/devolucionItems)". */

export const asignacionKeys = {
  all: ['asignacion'] as const,
  tipos: () => [...asignacionKeys.all, 'tipos'] as const,
  estados: (tipo: number) => [...asignacionKeys.all, 'estados', tipo] as const,
  empleados: (texto: string) => [...asignacionKeys.all, 'empleados', texto] as const,
  buscar: (body: AsignacionBuscar) => [...asignacionKeys.all, 'buscar', body] as const,
  porItem: (body: AsignacionesPorItem) => [...asignacionKeys.all, 'por_item', body] as const,
  devolucionesPorItem: (body: DevolucionesPorItem) => [...asignacionKeys.all, 'devoluciones_por_item', body] as const,
  detalle: (asiId: number) => [...asignacionKeys.all, 'detalle', asiId] as const,
  devolucion: (deiId: number) => [...asignacionKeys.all, 'devolucion', deiId] as const,
  stock: (almId: number, texto: string) => [...asignacionKeys.all, 'stock', almId, texto] as const,
};

export type Estado = Omit<AsiEstado, 'est_id'>;
export type AsignacionFila = AsignacionRow & Estado;
export type DevolucionFila = DevolucionRow & Estado;
export type LineaFila = AsignacionItemRow & Estado;

const lookup = { staleTime: Infinity, meta: { overlay: false } };

export function useTipos() {
  return useQuery({
    queryKey: asignacionKeys.tipos(),
    queryFn: async () => (await apiPost<{ id: number; nombre: string }[]>('/asignacionItems/obtenerTipos')).data,
    // The names show at once (not a bare '1') while the server's list arrives.
    placeholderData: ASI_TIPOS.map((t) => ({ ...t })),
    ...lookup,
  });
}

/** The status list of a type comes from the server (spec 2 §2). */
export function useEstados(tipo: number) {
  return useQuery({
    queryKey: asignacionKeys.estados(tipo),
    queryFn: async () => (await apiPost<AsiEstado[]>('/asignacionItems/obtenerEstados', { tipo })).data,
    placeholderData: ASI_ESTADOS_FILTRO[tipo === 2 ? 2 : 1],
    ...lookup,
  });
}

/** Employees by name in scope (`buscarEmpleado`); '' lists the first ones. */
export function useEmpleados(texto: string) {
  return useQuery({
    queryKey: asignacionKeys.empleados(texto),
    queryFn: async () => (await apiPost<EmpleadoRapido[]>('/asignacionItems/buscarEmpleado', { empleado: { emp_nombre: texto } })).data,
    meta: { overlay: false },
    placeholderData: keepPreviousData,
  });
}

/** Tab 0: assignments (type 1) or returns (type 2). */
export function useBuscar(body: AsignacionBuscar) {
  return useQuery({
    queryKey: asignacionKeys.buscar(body),
    queryFn: async () => (await apiPost<Paged<AsignacionFila & DevolucionFila>>('/asignacionItems/buscar', body)).data,
    placeholderData: keepPreviousData,
  });
}

/** Tab 1 and the histories: assignment lines per item. */
export function usePorItem(body: AsignacionesPorItem | null) {
  return useQuery({
    queryKey: asignacionKeys.porItem(body ?? {}),
    queryFn: body ? async () => (await apiPost<Paged<LineaFila>>('/asignacionItems/buscarAsignacionesxItems', body)).data : skipToken,
    placeholderData: keepPreviousData,
  });
}

export function useDevolucionesPorItem(body: DevolucionesPorItem) {
  return useQuery({
    queryKey: asignacionKeys.devolucionesPorItem(body),
    queryFn: async () => (await apiPost<Paged<DevolucionItemRow>>('/devolucionItems/buscarDevolucionesxItems', body)).data,
    placeholderData: keepPreviousData,
  });
}

/** One assignment by number, read fresh when a popup opens (its balances are what a return starts from). */
export function useAsignacion(asiId: number | null) {
  return useQuery({
    queryKey: asignacionKeys.detalle(asiId ?? 0),
    queryFn: asiId ? async () => (await apiPost<Asignacion & Estado>('/asignacionItems/obtener', { asi_id: asiId })).data : skipToken,
    staleTime: 0,
  });
}

export function useDevolucion(deiId: number | null) {
  return useQuery({
    queryKey: asignacionKeys.devolucion(deiId ?? 0),
    queryFn: deiId ? async () => (await apiPost<Devolucion & Estado>('/devolucionItems/obtener', { dei_id: deiId })).data : skipToken,
    staleTime: 0,
  });
}

/** A stock row of a warehouse as the product picker offers it (`/productoAlmacen/buscarRapido`). */
export interface StockRapido {
  pal_id: number;
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  pal_numero_serie: string;
  pal_stock: string;
}

/** Stock of a warehouse whose product name matches; nothing is asked without a warehouse. */
export function useStock(almId: number | null, texto: string) {
  return useQuery({
    queryKey: asignacionKeys.stock(almId ?? 0, texto),
    queryFn: almId
      ? async () => (await apiPost<StockRapido[]>('/productoAlmacen/buscarRapido', { producto_almacen: { prv_nombre: texto, alm_id: almId } })).data
      : skipToken,
    meta: { overlay: false },
    staleTime: 0,
  });
}

/** Every change reloads the lists, the detail popups and the inventory screens (stock moved). */
function useInvalidating<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: asignacionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['inventario'] }),
      ]);
    },
  });
}

export const useRegistrarAsignacion = () => useInvalidating((body: AsignacionRegistrar) => apiPost<{ asi_id: number }>('/asignacionItems/registrar', body));
export const useEliminarAsignacion = () => useInvalidating((asiId: number) => apiPost<{ asi_id: number }>('/asignacionItems/eliminar', { asi_id: asiId }));
export const useRegistrarDevolucion = () => useInvalidating((body: DevolucionRegistrar) => apiPost<{ dei_id: number }>('/devolucionItems/registrar', body));
export const useEliminarDevolucion = () => useInvalidating((deiId: number) => apiPost<{ dei_id: number }>('/devolucionItems/eliminar', { dei_id: deiId }));
