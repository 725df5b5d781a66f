import { LogoutOutlined } from '@ant-design/icons';
import type { SesionFila } from '@obra/domain';
import { Tag, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from '../../base/toast';
import { textColumn } from '../../ui/CellText';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { useCerrarSesion, useSesiones } from './api';

/** A browser's description in words a user recognises (its name and system), the raw text on hover. */
function dispositivo(ua: string): string {
  if (!ua) return 'Desconocido';
  const navegador = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : null;
  const sistema = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  return navegador && sistema ? `${navegador} en ${sistema}` : ua;
}

const COLUMNS: TableColumnsType<SesionFila> = [
  textColumn<SesionFila>('Dispositivo', 'ses_dispositivo', { text: (r) => dispositivo(r.ses_dispositivo) }),
  { title: '', key: 'actual', width: 130, render: (_, r) => (r.actual ? <Tag color="green">Esta sesión</Tag> : null) },
  { title: 'Dirección', dataIndex: 'ses_ip', width: 150 },
  { title: 'Inicio', dataIndex: 'ses_inicio', width: 170, render: (d: string) => formatDate(d, true) },
  { title: 'Último uso', dataIndex: 'ses_ultimo_uso', width: 170, render: (d: string) => formatDate(d, true) },
];

/**
 * 'Mis sesiones' (issue 26): where the user is signed in, and a way to end any of those sessions (a phone left
 * behind, a shared computer). Ending this one is the same as 'Cerrar sesión'.
 */
export function SesionesPage() {
  const sesiones = useSesiones();
  const cerrar = useCerrarSesion();
  const navigate = useNavigate();
  return (
    <ListPage<SesionFila>
      title="Mis sesiones"
      rowKey="ses_id"
      columns={COLUMNS}
      rows={sesiones.data}
      total={sesiones.data?.length}
      page={1}
      onPageChange={() => undefined}
      loading={sesiones.isFetching}
      emptyText="No tiene sesiones abiertas"
      rowName={(r) => dispositivo(r.ses_dispositivo)}
      rowActions={(r) => [{
        key: 'cerrar', label: 'Cerrar sesión', icon: <LogoutOutlined />, danger: true,
        confirm: r.actual ? '¿Cerrar esta sesión? Tendrá que ingresar de nuevo.' : '¿Cerrar la sesión de este dispositivo?',
        onClick: async () => (r.actual ? navigate('/login') : toast.success((await cerrar.mutateAsync(r.ses_id)).message)),
      }]}
    />
  );
}
