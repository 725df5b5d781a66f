import type {
  Empleado, EmpleadoModificar, EmpleadoPaginar, EmpleadoRegistrar, EmpleadoRow, Paged, Puesto, PuestoRegistrar,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

export const empleadoKeys = {
  all: ['empleado'] as const,
  lists: () => [...empleadoKeys.all, 'list'] as const,
  list: (body: EmpleadoPaginar) => [...empleadoKeys.lists(), body] as const,
  detail: (empId: number) => [...empleadoKeys.all, 'detail', empId] as const,
};

export const puestoKeys = {
  all: ['puesto'] as const,
  active: () => [...puestoKeys.all, 'activos'] as const,
};

export async function paginarEmpleados(body: EmpleadoPaginar): Promise<Paged<EmpleadoRow>> {
  return (await apiPost<Paged<EmpleadoRow>>('/empleado/paginar', body)).data;
}

export function useEmpleados(body: EmpleadoPaginar) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: empleadoKeys.list(body), queryFn: () => paginarEmpleados(body), placeholderData: keepPreviousData });
}

export async function obtenerEmpleado(empId: number): Promise<Empleado> {
  return (await apiPost<Empleado>('/empleado/obtener', { empleado: { emp_id: empId } })).data;
}

/** An employee to edit; never served from cache, because saving sends back its `emp_version`. */
export function useEmpleado(empId: number | null) {
  return useQuery({
    queryKey: empleadoKeys.detail(empId ?? 0),
    queryFn: empId === null ? skipToken : () => obtenerEmpleado(empId),
    gcTime: 0,
  });
}

type Saved = { emp_id: number; usu_id: number | null };

export function useRegistrarEmpleado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmpleadoRegistrar) => apiPost<Saved>('/empleado/registrar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empleadoKeys.lists() }),
  });
}

export function useModificarEmpleado() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmpleadoModificar) => apiPost<Saved>('/empleado/modificar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: empleadoKeys.lists() }),
  });
}

/** After a load from a file the lists show the new employees. */
export function useRefreshEmpleados() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: empleadoKeys.lists() });
}

export async function buscarPuestos(): Promise<Puesto[]> {
  return (await apiPost<Puesto[]>('/puesto/buscar', { puesto: { pue_estado: 1 } })).data;
}

/** The active positions: a short catalogue, filtered in the select as the user types. */
export function usePuestos() {
  return useQuery({ queryKey: puestoKeys.active(), queryFn: buscarPuestos, staleTime: 5 * 60_000 });
}

export function useRegistrarPuesto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PuestoRegistrar) => apiPost<Puesto>('/puesto/registrar', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: puestoKeys.all }),
  });
}
