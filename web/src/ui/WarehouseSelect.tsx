import type { AlmacenRef } from '@obra/domain';
import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { apiPost } from '../base/api';
import { warehouseLabel } from './WarehouseLabel';

/** Query keys of the warehouse lookups; screens that change warehouses invalidate `all`. */
export const almacenKeys = {
  all: ['almacenes'] as const,
  activos: () => [...almacenKeys.all, 'activos'] as const,
};

export interface ActiveWarehouses {
  almacenes: AlmacenRef[];
  /** 'No te encuentras asignado a ningun proyecto, ...' when the user has no project, else ''. */
  message: string;
}

export async function getAlmacenes(): Promise<ActiveWarehouses> {
  const reply = await apiPost<AlmacenRef[]>('/getAlmacenes');
  return { almacenes: reply.data, message: reply.message };
}

/** The active warehouses in the user's scope, cached for the session like the other lookups. */
export function useAlmacenes() {
  return useQuery({ queryKey: almacenKeys.activos(), queryFn: getAlmacenes, staleTime: Infinity });
}

interface WarehouseSelectProps extends Omit<SelectProps<number>, 'options' | 'loading' | 'notFoundContent' | 'mode'> {
  /** Offer only the warehouses of this project. */
  pryId?: number | null;
  /** Leave these warehouses out (the origin when choosing a destination). */
  exclude?: number[];
}

/**
 * A select of the user's active warehouses, labelled "project | warehouse *" and searchable
 * by that label. A user without a project sees the server's message instead of options.
 */
export function WarehouseSelect({ pryId, exclude, placeholder = 'Seleccione un almacén', ...props }: WarehouseSelectProps) {
  const query = useAlmacenes();
  const message = query.data?.message;
  const options = (query.data?.almacenes ?? [])
    .filter((a) => (pryId == null || a.pry_id === pryId) && !exclude?.includes(a.alm_id))
    .map((a) => ({ value: a.alm_id, label: warehouseLabel(a) }));
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      style={{ minWidth: 260 }}
      // Labels are long ("project | warehouse"): the list may be wider than the box.
      popupMatchSelectWidth={false}
      {...props}
      placeholder={message || placeholder}
      loading={query.isLoading}
      options={options}
      notFoundContent={message || 'No hay almacenes'}
    />
  );
}
