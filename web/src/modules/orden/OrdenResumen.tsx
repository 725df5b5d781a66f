import type { OrdenDetalle } from '@obra/domain';
import { Descriptions } from 'antd';
import { useLookups } from '../../base/lookups';
import { formatDate, formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';

/** The few facts a state screen (import status, restart) shows of its order. */
export function OrdenResumen({ orden }: { orden: OrdenDetalle }) {
  const opciones = useLookups('orden_estados');
  const estilo = opciones.data?.orden_estados.find((e) => e.ore_id === orden.estado.id_orden_estado)?.ore_styles ?? 'default';
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      styles={{ label: { width: 180 } }}
      items={[
        { key: 'codigo', label: 'Código', children: orden.codigo },
        { key: 'proveedor', label: 'Proveedor', children: orden.proveedor.razon_social },
        { key: 'fecha', label: 'Fecha de orden', children: formatDate(orden.fecha_orden) },
        { key: 'total', label: 'Total', children: formatMoney(orden.moneda.simbolo, orden.monto_con_impuesto) },
        { key: 'estado', label: 'Estado actual', children: <StatusTag text={orden.estado.descripcion} color={estilo} /> },
      ]}
    />
  );
}
