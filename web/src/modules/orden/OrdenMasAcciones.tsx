import {
  CloseCircleOutlined, DollarOutlined, EditOutlined, EyeOutlined, FilePdfOutlined, GlobalOutlined, MailOutlined, RedoOutlined, WalletOutlined,
} from '@ant-design/icons';
import { isReadOnly, type OrdenListRow } from '@obra/domain';
import { useNavigate } from 'react-router';
import { useRoleIds } from '../../base/session';
import type { RowAction } from '../../ui/RowActions';
import { useOrdenAcciones } from './useOrdenAcciones';

/**
 * The order list's row actions (spec 1 §2.9) for RowActions: Ver, Editar (when the server flags
 * the order editable) and the rest, each shown under the rules of `accionesVisibles`: PDF,
 * notify, payment orders, import status, pay, restart, anular (confirmed).
 */
export function useOrdenRowActions(): (orden: OrdenListRow) => RowAction[] {
  const navigate = useNavigate();
  const acciones = useOrdenAcciones();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });

  return (orden) => {
    const v = acciones.visibles(orden, 'lista');
    return [
      { key: 'ver', icon: <EyeOutlined />, label: 'Ver', onClick: () => void navigate(`/orden/view/${orden.id_orden}`) },
      { key: 'editar', icon: <EditOutlined />, label: 'Editar', hidden: !orden.es_editable || readOnly, onClick: () => void navigate(`/orden/edit/${orden.id_orden}`) },
      { key: 'pdf', icon: <FilePdfOutlined />, label: 'Descargar PDF', onClick: () => acciones.descargarPdf(orden) },
      { key: 'notificar', icon: <MailOutlined />, label: 'Notificar al proveedor', hidden: !v.notificar, onClick: () => acciones.notificarProveedor(orden) },
      { key: 'pagos', icon: <WalletOutlined />, label: 'Órdenes de pago', hidden: !v.ordenesPago, onClick: () => void navigate(`/ordenPago/${orden.id_orden}`) },
      {
        key: 'importacion', icon: <GlobalOutlined />, label: 'Actualizar estado', hidden: !v.actualizarEstado,
        onClick: () => void navigate(`/orden/importacion/${orden.id_orden}`),
      },
      { key: 'pagar', icon: <DollarOutlined />, label: 'Pagar', hidden: !v.pagar, onClick: () => acciones.confirmar('pagar', orden) },
      {
        key: 'reiniciar', icon: <RedoOutlined />, label: 'Reiniciar estado', hidden: !v.reiniciar,
        onClick: () => void navigate(`/orden/restart/${orden.id_orden}?code=${encodeURIComponent(orden.codigo)}`),
      },
      { key: 'anular', icon: <CloseCircleOutlined />, label: 'Anular', danger: true, hidden: !v.anular, onClick: () => acciones.confirmar('anular', orden) },
    ];
  };
}
