import { Card, Switch, Table, Typography } from 'antd';
import type { NotificacionPreferencia } from '@obra/domain';
import { toast } from '../../base/toast';
import { PageHeader } from '../../ui/PageHeader';
import { useGuardarPreferencias, usePreferencias } from './api';

/**
 * 'Notificaciones' (user menu; issue 25): which notifications also come by mail. The bell gets every one
 * whatever is chosen here; the approvals' mail and the 08:00 summary are on until the user turns them off.
 */
export function PreferenciasPage() {
  const prefs = usePreferencias();
  const guardar = useGuardarPreferencias();
  return (
    <>
      <PageHeader title="Notificaciones" />
      <Card title="Avisos por correo" style={{ maxWidth: 640 }}>
        <Typography.Paragraph type="secondary">
          La campana del encabezado muestra todos sus avisos. Elija cuáles le llegan también por correo.
        </Typography.Paragraph>
        <Table<NotificacionPreferencia>
          rowKey="tipo"
          size="small"
          pagination={false}
          loading={prefs.isLoading}
          dataSource={prefs.data}
          columns={[
            { title: 'Aviso', dataIndex: 'etiqueta' },
            {
              title: 'Correo', key: 'correo', width: 100, align: 'center',
              render: (_, p) => (
                <Switch
                  aria-label={`Correo: ${p.etiqueta}`}
                  checked={p.correo}
                  loading={guardar.isPending && guardar.variables?.[0]?.tipo === p.tipo}
                  onChange={async (correo) => toast.success((await guardar.mutateAsync([{ tipo: p.tipo, correo }])).message)}
                />
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
