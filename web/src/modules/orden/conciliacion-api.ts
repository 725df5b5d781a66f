import type { Conciliacion } from '@obra/domain';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../base/api';

/** `/ordenCompra/conciliacion` (issue 25): ordered, received and invoiced side by side. */
export function useConciliacion(ordId: number) {
  return useQuery({
    queryKey: ['orden', 'conciliacion', ordId] as const,
    queryFn: async () => (await apiPost<Conciliacion>('/ordenCompra/conciliacion', { orden_compra: { ord_id: ordId } })).data,
    meta: { overlay: false },
  });
}
