import { CheckOutlined, ExportOutlined } from '@ant-design/icons';
import { PAGE_SIZE, type NotificacionFila } from '@obra/domain';
import { Button, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../base/toast';
import { FilterField } from '../../ui/FilterField';
import { ListPage } from '../../ui/ListPage';
import { useMarcarLeida, useMarcarTodas, useNoLeidas, useNotificaciones } from './api';
import { documentoTexto, NotificacionItem } from './NotificacionItem';

const COLUMNS: TableColumnsType<NotificacionFila> = [
  { title: '', key: 'estado', width: 90, render: (_, n) => (n.ntf_leida ? <Tag>Leída</Tag> : <Tag color="blue">Nueva</Tag>) },
  { title: 'Notificación', key: 'notificacion', render: (_, n) => <NotificacionItem n={n} /> },
];

/** Issue 25: every notification of the caller, unread first or by date, each opening its document. */
export function NotificacionesPage() {
  const [orden, setOrden] = useState<'no_leidas_primero' | 'fecha'>('no_leidas_primero');
  const [page, setPage] = useState(1);
  const lista = useNotificaciones(orden, page, PAGE_SIZE);
  const noLeidas = useNoLeidas();
  const marcar = useMarcarLeida();
  const todas = useMarcarTodas();
  const navigate = useNavigate();
  return (
    <ListPage<NotificacionFila>
      title="Notificaciones"
      actions={(
        <Button icon={<CheckOutlined />} disabled={!noLeidas.data} loading={todas.isPending} onClick={async () => toast.success((await todas.mutateAsync()).message)}>
          Marcar todas como leídas
        </Button>
      )}
      filters={(
        <FilterField label="Orden">
          {(id) => (
          <Segmented
            id={id}
            value={orden}
            onChange={(v) => { setOrden(v as typeof orden); setPage(1); }}
            options={[{ value: 'no_leidas_primero', label: 'Sin leer primero' }, { value: 'fecha', label: 'Por fecha' }]}
          />
          )}
        </FilterField>
      )}
      rowKey="ntf_id"
      columns={COLUMNS}
      rows={lista.data?.data}
      total={lista.data?.total}
      totalExacto={lista.data?.total_exacto}
      page={page}
      onPageChange={setPage}
      loading={lista.isFetching}
      emptyText="No tiene notificaciones"
      minWidth={640}
      rowName={documentoTexto}
      rowActions={(n) => [
        {
          key: 'abrir', label: 'Abrir', icon: <ExportOutlined />,
          onClick: async () => {
            if (!n.ntf_leida) await marcar.mutateAsync(n.ntf_id);
            void navigate(n.ntf_enlace);
          },
        },
        { key: 'leida', label: 'Marcar como leída', icon: <CheckOutlined />, hidden: n.ntf_leida, onClick: async () => { await marcar.mutateAsync(n.ntf_id); } },
      ]}
    />
  );
}
