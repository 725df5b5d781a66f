import { BellOutlined } from '@ant-design/icons';
import type { NotificacionFila } from '@obra/domain';
import { Badge, Button, Empty, Flex, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../base/toast';
import { useMarcarLeida, useMarcarTodas, useNoLeidas, useNotificaciones } from './api';
import { documentoTexto, NotificacionItem } from './NotificacionItem';

const ULTIMAS = 8;

/**
 * Issue 25: the header's bell. The badge is the unread count (polled every 30 s while the tab is visible);
 * the panel lists the latest ones, unread first; a click marks it read and opens its document.
 */
export function NotificationPanel() {
  const [abierto, setAbierto] = useState(false);
  const navigate = useNavigate();
  const noLeidas = useNoLeidas();
  const lista = useNotificaciones('no_leidas_primero', 1, ULTIMAS, abierto);
  const marcar = useMarcarLeida();
  const todas = useMarcarTodas();
  const cuenta = noLeidas.data ?? 0;

  const abrir = (n: NotificacionFila) => {
    setAbierto(false);
    // Marked read on the way (the count follows when it answers); the document opens at once.
    if (!n.ntf_leida) marcar.mutate(n.ntf_id);
    void navigate(n.ntf_enlace);
  };

  const contenido = (
    <div style={{ width: 380 }}>
      {lista.isLoading ? <Flex justify="center" style={{ padding: 24 }}><Spin /></Flex>
        : !lista.data?.data.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tiene notificaciones" />
          : (
            <ul aria-label="Últimas notificaciones" style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 420, overflowY: 'auto' }}>
              {lista.data.data.map((n) => (
                <li key={n.ntf_id}>
                  <button
                    type="button"
                    aria-label={`${documentoTexto(n)}: ${n.ntf_accion}`}
                    onClick={() => abrir(n)}
                    style={{
                      display: 'flex', gap: 8, width: '100%', textAlign: 'left', border: 0, cursor: 'pointer', padding: '8px 4px',
                      background: n.ntf_leida ? 'transparent' : '#e6f4ff', borderBottom: '1px solid #f0f0f0',
                    }}
                  >
                    <Badge status={n.ntf_leida ? 'default' : 'processing'} style={{ marginTop: 4 }} />
                    <NotificacionItem n={n} />
                  </button>
                </li>
              ))}
            </ul>
          )}
      <Flex justify="space-between" style={{ paddingTop: 8 }}>
        <Button
          size="small"
          type="link"
          disabled={cuenta === 0}
          loading={todas.isPending}
          onClick={async () => toast.success((await todas.mutateAsync()).message)}
        >
          Marcar todas como leídas
        </Button>
        <Button size="small" type="link" onClick={() => { setAbierto(false); void navigate('/notificaciones'); }}>Ver todas</Button>
      </Flex>
    </div>
  );

  return (
    <Popover content={contenido} title="Notificaciones" trigger="click" placement="bottomRight" open={abierto} onOpenChange={setAbierto}>
      <Button type="text" aria-label={cuenta ? `Notificaciones: ${cuenta} sin leer` : 'Notificaciones'} style={{ color: '#fff', width: 36, paddingInline: 0 }}>
        <Badge count={cuenta} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined style={{ color: '#fff', fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
