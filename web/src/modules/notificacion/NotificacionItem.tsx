import { NOTIFICACION_DOCUMENTOS, type NotificacionFila } from '@obra/domain';
import { Typography } from 'antd';
import { formatDate } from '../../ui/format';

/** What a notification says: the document by its kind and code, the action, who and when. */
export function NotificacionItem({ n }: { n: NotificacionFila }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text strong={!n.ntf_leida} style={{ display: 'block' }}>
        {NOTIFICACION_DOCUMENTOS[n.ntf_documento_tipo] ?? n.ntf_documento_tipo} {n.ntf_codigo}
      </Typography.Text>
      <Typography.Text style={{ display: 'block' }} ellipsis={{ tooltip: n.ntf_accion }}>{n.ntf_accion}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDate(n.ntf_fecha, true)}{n.actor ? ` · ${n.actor}` : ''}
      </Typography.Text>
    </div>
  );
}

export const documentoTexto = (n: NotificacionFila) => `${NOTIFICACION_DOCUMENTOS[n.ntf_documento_tipo] ?? n.ntf_documento_tipo} ${n.ntf_codigo}`;
