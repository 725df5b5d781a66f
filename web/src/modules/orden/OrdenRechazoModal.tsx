import { OrdenRechazar, pendingApprovalOf, PENDIENTE_DE } from '@obra/domain';
import { Alert, Form, Input } from 'antd';
import { useRef } from 'react';
import { FormModal } from '../../ui/FormModal';
import { useRechazarOrden } from './estados-api';
import { limite } from '../../ui/inputs';

/** The order being rejected: its code and the state the approver sees (the server refuses if it moved). */
export interface OrdenARechazar {
  id_orden: number;
  codigo: string;
  id_orden_estado: number;
}

interface Campos {
  comentario: string;
}

/**
 * Rechazar (issue 9, docs/business-rules.md "Orders"): a required comment; the order goes back to
 * creado, editable, and the comment is mailed to its logistics user. Shared by the approval screen
 * and the pending list.
 */
export function OrdenRechazoModal({ orden, onClose, onDone }: { orden: OrdenARechazar; onClose: () => void; onDone?: () => void }) {
  const rechazar = useRechazarOrden();
  // `onDone` runs once the popup closed after the rejection: its leave guard is released by then.
  const hecho = useRef(false);
  const espera = pendingApprovalOf(orden.id_orden_estado);
  return (
    <FormModal<Campos, OrdenRechazar>
      title={`Rechazar la orden ${orden.codigo}`}
      width={520}
      okText="Rechazar"
      initialValues={{ comentario: '' }}
      schema={OrdenRechazar}
      at={['orden']}
      toPayload={(v) => ({ orden: { id_orden: orden.id_orden, comentario: v.comentario, id_orden_estado: orden.id_orden_estado } })}
      onSave={async (payload) => {
        const reply = await rechazar.mutateAsync(payload);
        hecho.current = true;
        return reply;
      }}
      onClose={() => {
        onClose();
        if (hecho.current) onDone?.();
      }}
      notice={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${espera ? `Rechaza la ${PENDIENTE_DE[espera]}. ` : ''}La orden vuelve al estado Creado para que Logística la corrija; el comentario le llega por correo y queda en el historial.`}
        />
      }
    >
      <Form.Item name="comentario" label="Motivo del rechazo" required>
        <Input.TextArea rows={4} count={limite(500)} autoFocus aria-label="Motivo del rechazo" />
      </Form.Item>
    </FormModal>
  );
}
