import type {
  AsignarEmpleados, EmpleadoAsignable, EmpleadosAsignadosBuscar, Paged, Proyecto, ProyectoBuscar, ProyectoModificar, ProyectoRegistrar, ProyectoRow,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../base/api';
import { lookupKeys } from '../../base/lookups';
import { almacenKeys } from '../../ui/WarehouseSelect';

type Filters = ProyectoBuscar['proyecto'];
type EmpleadoFilters = EmpleadosAsignadosBuscar['empleado'];

export const proyectoKeys = {
  all: ['proyecto'] as const,
  lists: () => [...proyectoKeys.all, 'list'] as const,
  list: (filters: Filters) => [...proyectoKeys.lists(), filters] as const,
  detail: (pryId: number) => [...proyectoKeys.all, 'detail', pryId] as const,
  empleados: () => [...proyectoKeys.all, 'empleados'] as const,
  empleadosList: (filters: EmpleadoFilters) => [...proyectoKeys.empleados(), filters] as const,
};

export async function buscarProyectos(filters: Filters): Promise<Paged<ProyectoRow>> {
  return (await apiPost<Paged<ProyectoRow>>('/proyecto/buscar', { proyecto: filters })).data;
}

export function useProyectos(filters: Filters) {
  return useQuery({ queryKey: proyectoKeys.list(filters), queryFn: () => buscarProyectos(filters), placeholderData: keepPreviousData });
}

export async function obtenerProyecto(pryId: number): Promise<Proyecto> {
  return (await apiPost<Proyecto>('/proyecto/obtener', { proyecto: { pry_id: pryId } })).data;
}

/** A project to edit; never from cache, because saving sends back its `pry_version`. */
export function useProyecto(pryId: number | null) {
  return useQuery({ queryKey: proyectoKeys.detail(pryId ?? 0), queryFn: pryId === null ? skipToken : () => obtenerProyecto(pryId), gcTime: 0 });
}

/** Projects and warehouses feed the cached lookups (project selects, warehouse selects). */
function useRefreshAfterSave() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: proyectoKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: almacenKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    ]);
}

export function useRegistrarProyecto() {
  const refresh = useRefreshAfterSave();
  return useMutation({
    mutationFn: (body: ProyectoRegistrar) => apiPost<{ pry_id: number }>('/proyecto/registrar', body),
    onSuccess: refresh,
  });
}

export function useModificarProyecto() {
  const refresh = useRefreshAfterSave();
  return useMutation({
    mutationFn: (body: ProyectoModificar) => apiPost<{ pry_id: number }>('/proyecto/modificar', body),
    onSuccess: refresh,
  });
}

export async function paginarEmpleadosAsignados(filters: EmpleadoFilters): Promise<Paged<EmpleadoAsignable>> {
  return (await apiPost<Paged<EmpleadoAsignable>>('/proyecto/paginarEmpleadosAsignados', { empleado: filters })).data;
}

export function useEmpleadosAsignables(filters: EmpleadoFilters) {
  return useQuery({
    queryKey: proyectoKeys.empleadosList(filters),
    queryFn: () => paginarEmpleadosAsignados(filters),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAsignarEmpleados() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AsignarEmpleados) =>
      apiPost<{ pry_id: number; asignados: number; quitados: number }>('/proyecto/asignarEmpleados', body),
    // Other screens list employees with their project too.
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: proyectoKeys.empleados() }),
      queryClient.invalidateQueries({ queryKey: ['empleado'] }),
    ]),
  });
}
