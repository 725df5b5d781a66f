import {
  PROVEEDOR_MSG,
  type CuentaProveedorAdd,
  type CuentaProveedorRow,
  type Paged,
  type ProveedorList,
  type ProveedorRow,
  type ProveedorSave,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../base/api';

export const proveedorKeys = {
  all: ['proveedor'] as const,
  lists: () => [...proveedorKeys.all, 'list'] as const,
  list: (filters: ProveedorList) => [...proveedorKeys.lists(), filters] as const,
  detail: (id: number) => [...proveedorKeys.all, 'detail', id] as const,
  cuentas: (id: number) => [...proveedorKeys.all, 'cuentas', id] as const,
};

export async function listProveedores(filters: ProveedorList): Promise<Paged<ProveedorRow>> {
  return (await apiPost<Paged<ProveedorRow>>('/proveedor/list', filters)).data;
}

export function useProveedores(filters: ProveedorList) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ queryKey: proveedorKeys.list(filters), queryFn: () => listProveedores(filters), placeholderData: keepPreviousData });
}

export async function obtenerProveedor(id: number): Promise<ProveedorRow> {
  return (await apiPost<ProveedorRow>('/proveedor/obtener', { id_proveedor: id })).data;
}

/** A supplier to modify; never served from cache, because saving sends back its `version`. */
export function useProveedor(id: number | null) {
  return useQuery({ queryKey: proveedorKeys.detail(id ?? 0), queryFn: id === null ? skipToken : () => obtenerProveedor(id), gcTime: 0 });
}

export function useSaveProveedor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProveedorSave) => apiPost<{ id_proveedor: number; razon_social: string }>('/proveedor/save', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proveedorKeys.lists() }),
  });
}

export function useDeleteProveedor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_proveedor: number) => apiDelete<{ id_proveedor: number }>('/proveedor/delete', { id_proveedor }, PROVEEDOR_MSG.deleteFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proveedorKeys.lists() }),
  });
}

export async function listCuentas(id: number): Promise<CuentaProveedorRow[]> {
  return (await apiPost<CuentaProveedorRow[]>('/cuenta-proveedor/list', { id_proveedor: id })).data;
}

export function useCuentas(id: number) {
  return useQuery({ queryKey: proveedorKeys.cuentas(id), queryFn: () => listCuentas(id) });
}

export function useAddCuenta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CuentaProveedorAdd) => apiPost<CuentaProveedorRow>('/cuenta-proveedor/add', body),
    onSuccess: (_reply, body) => queryClient.invalidateQueries({ queryKey: proveedorKeys.cuentas(body.id_proveedor) }),
  });
}

export function useDeleteCuenta(idProveedor: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_cuenta_proveedor: number) =>
      apiDelete<{ id_cuenta_proveedor: number }>('/cuenta-proveedor/delete', { id_cuenta_proveedor }, PROVEEDOR_MSG.accountDeleteFailed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proveedorKeys.cuentas(idProveedor) }),
  });
}
