import { CajaId } from '@obra/domain';
import { Form, Input } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { useDesaprobarCaja, useDesaprobarRendicion } from './api';
import type { CajaRef } from './CajaAcciones';
import { limite } from '../../ui/inputs';

interface Campos {
  caj_observacion: string;
}

/**
 * Desaprobar a cash box or its settlement: the reason is optional (spec 2 §7 sends only `{caja}`); it
 * is kept as the cash's last observation and in its history, where the requester reads it.
 */
export function CajaMotivoModal({ caja, rendicion, onClose }: { caja: CajaRef; rendicion: boolean; onClose: () => void }) {
  const desaprobarCaja = useDesaprobarCaja();
  const desaprobarRendicion = useDesaprobarRendicion();
  const desaprobar = rendicion ? desaprobarRendicion : desaprobarCaja;
  return (
    <FormModal<Campos, CajaId>
      title={`${rendicion ? 'Desaprobar la rendición de la caja' : 'Desaprobar la caja'} ${caja.caj_codigo}`}
      okText="Desaprobar"
      initialValues={{ caj_observacion: '' }}
      schema={CajaId}
      at={['caja']}
      toPayload={(v) => ({ caja: { caj_id: caja.caj_id, caj_observacion: v.caj_observacion } })}
      onSave={(body) => desaprobar.mutateAsync({ caj_id: caja.caj_id, caj_observacion: body.caja.caj_observacion ?? '' })}
      notice={
        <p>
          {`${caja.caj_titulo} · ${caja.caj_monto_text}`}
          <br />
          {rendicion
            ? 'La rendición vuelve al solicitante para que corrija sus documentos.'
            : 'La caja vuelve al solicitante, que puede editarla y solicitar la aprobación otra vez.'}
        </p>
      }
      onClose={onClose}
    >
      <Form.Item name="caj_observacion" label="Motivo (opcional)">
        <Input.TextArea rows={4} count={limite(400)} autoFocus aria-label="Motivo" />
      </Form.Item>
    </FormModal>
  );
}
