import type {
  CategoriaTipoExistencia, CategoriaTipoExistenciaRow, Paged, Producto, ProductoBuscar, ProductoBuscarIndice, ProductoIndice, ProductoModificar, ProductoOpciones, ProductoRegistrar, ProductoRow, TipoOption,
} from '@obra/domain';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPage, apiPost } from '../../base/api';

/** The screen's filters: the `producto` of `/productoVendor/buscar` without the page. */
export type ProductoFiltros = Omit<ProductoBuscar['producto'], 'page'>;
/** The page asked for: number and size, and what spares the server work (`useListParams().pageQuery`). */
export type ProductoPagina = NonNullable<ProductoBuscar['producto']['page']>;

export const productoKeys = {
  all: ['producto'] as const,
  lists: () => [...productoKeys.all, 'list'] as const,
  list: (filters: ProductoFiltros, page: ProductoPagina) => [...productoKeys.lists(), filters, page] as const,
  detail: (prvId: number) => [...productoKeys.all, 'detail', prvId] as const,
  opciones: () => [...productoKeys.all, 'opciones'] as const,
  tipos: (catId: number) => [...productoKeys.all, 'tipos', catId] as const,
  tiposExistencia: () => [...productoKeys.all, 'tiposExistencia'] as const,
};

export const TEMPLATE_PATH = '/producto/plantilla';
export const TEMPLATE_FILE = 'plantilla-productos.xlsx';
export const IMPORT_PATH = '/producto/import-products';

/** `/productoVendor/buscar`: the spec's page `{list, total, size, number}` as the shared table reads it. */
export const buscarProductos = (filters: ProductoFiltros, page: ProductoPagina): Promise<Paged<ProductoRow>> =>
  apiPage<ProductoRow>('/productoVendor/buscar', { producto: { ...filters, page } });

export function useProductos(filters: ProductoFiltros, page: ProductoPagina) {
  return useQuery({
    queryKey: productoKeys.list(filters, page),
    queryFn: () => buscarProductos(filters, page),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** The page of the list (same filters) where a product sits, or null when they leave it out. */
export async function buscarIndice(body: ProductoBuscarIndice): Promise<ProductoIndice | null> {
  return (await apiPost<ProductoIndice | null>('/productoVendor/buscarIndice', body)).data;
}

/** A product to edit or copy; never served from cache, because saving sends back its `prv_version`. */
export function useProducto(prvId: number | null) {
  return useQuery({
    queryKey: productoKeys.detail(prvId ?? 0),
    queryFn: prvId === null ? skipToken : async () => (await apiPost<Producto>('/productoVendor/obtener', { producto: { prv_id: prvId } })).data,
    gcTime: 0,
  });
}

/** Categories, brands and units of the form and filters. */
export function useOpciones() {
  return useQuery({
    queryKey: productoKeys.opciones(),
    queryFn: async () => (await apiPost<ProductoOpciones>('/productoVendor/cargarOpciones', {})).data,
    staleTime: 5 * 60_000,
  });
}

/** The types of one category; reloads when the category changes. */
export function useTipos(catId: number | null | undefined) {
  return useQuery({
    queryKey: productoKeys.tipos(catId ?? 0),
    queryFn: catId ? async () => (await apiPost<TipoOption[]>('/productoVendor/getTiposProductoxCategoria', { cat_id: catId })).data : skipToken,
    staleTime: 5 * 60_000,
  });
}

function useProductoMutation<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => apiPost<Producto>(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoKeys.lists() }),
  });
}

/** Also saves a duplicate: the copy is a new product. */
export const useRegistrarProducto = () => useProductoMutation<ProductoRegistrar>('/productoVendor/registrar');
export const useModificarProducto = () => useProductoMutation<ProductoModificar>('/productoVendor/modificar');
export const useDeshabilitarProducto = () => useProductoMutation<{ producto: { prv_id: number } }>('/productoVendor/deshabilitar');
export const useHabilitarProducto = () => useProductoMutation<{ producto: { prv_id: number } }>('/productoVendor/habilitar');

/** After a load the list shows the new products. */
export function useAfterImport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productoKeys.lists() });
}

/** Every category with its SUNAT existence type (tabla 5), which the PLE 12.1 book carries for its products. */
export function useCategoriasTipoExistencia() {
  return useQuery({
    queryKey: productoKeys.tiposExistencia(),
    queryFn: async () => (await apiPost<CategoriaTipoExistenciaRow[]>('/categoria-producto/tiposExistencia', {})).data,
  });
}

export function useModificarTipoExistencia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoriaTipoExistencia) => apiPost<CategoriaTipoExistenciaRow>('/categoria-producto/modificarTipoExistencia', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productoKeys.tiposExistencia() }),
  });
}
