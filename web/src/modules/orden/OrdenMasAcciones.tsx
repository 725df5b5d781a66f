import {
  CloseCircleOutlined, DollarOutlined, FilePdfOutlined, GlobalOutlined, MailOutlined, MoreOutlined, RedoOutlined, WalletOutlined,
} from '@ant-design/icons';
import type { OrdenListRow } from '@obra/domain';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useOrdenAcciones } from './useOrdenAcciones';

/**
 * The order list's secondary row actions (spec 1 §2.9) in one menu, each shown under the rules of
 * `accionesVisibles`: PDF, notify, payment orders, import status, pay, restart, anular (confirmed).
 */
export function OrdenMasAcciones({ orden }: { orden: OrdenListRow }) {
  const navigate = useNavigate();
  const acciones = useOrdenAcciones();
  const v = acciones.visibles(orden, 'lista');

  const items: MenuProps['items'] = [
    { key: 'pdf', icon: <FilePdfOutlined />, label: 'Descargar PDF', onClick: () => acciones.descargarPdf(orden) },
    v.notificar && { key: 'notificar', icon: <MailOutlined />, label: 'Notificar al proveedor', onClick: () => acciones.notificarProveedor(orden) },
    v.ordenesPago && { key: 'pagos', icon: <WalletOutlined />, label: 'Órdenes de pago', onClick: () => void navigate(`/ordenPago/${orden.id_orden}`) },
    v.actualizarEstado && { key: 'importacion', icon: <GlobalOutlined />, label: 'Actualizar estado', onClick: () => void navigate(`/orden/importacion/${orden.id_orden}`) },
    v.pagar && { key: 'pagar', icon: <DollarOutlined />, label: 'Pagar', onClick: () => acciones.confirmar('pagar', orden) },
    v.reiniciar && {
      key: 'reiniciar',
      icon: <RedoOutlined />,
      label: 'Reiniciar estado',
      onClick: () => void navigate(`/orden/restart/${orden.id_orden}?code=${encodeURIComponent(orden.codigo)}`),
    },
    v.anular && { key: 'anular', icon: <CloseCircleOutlined />, label: 'Anular', danger: true, onClick: () => acciones.confirmar('anular', orden) },
  ].filter((i) => !!i);

  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button type="text" icon={<MoreOutlined />} aria-label={`Más acciones ${orden.codigo}`} />
    </Dropdown>
  );
}
