import { CPE_TIPO_NOMBRE, ComprobanteAnular, type ComprobanteFila } from '@obra/domain';
import { Form, Input } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { formatMoney } from '../../ui/format';
import { useAnularComprobante } from './api';
import { limite } from '../../ui/inputs';

/**
 * 'Anular' (issue 23): the reason, then a comunicación de baja (facturas and their notes) or a
 * resumen diario (boletas and theirs) goes to SUNAT. The document stays as it is until SUNAT accepts.
 */
export function AnularModal({ comprobante: c, onClose }: { comprobante: ComprobanteFila; onClose: () => void }) {
  const anular = useAnularComprobante();
  const resumen = c.cpe_serie.startsWith('F') ? 'una comunicación de baja (RA)' : 'un resumen diario (RC)';
  return (
    <FormModal<{ motivo: string }, ComprobanteAnular>
      title={`Anular ${(CPE_TIPO_NOMBRE[c.cpe_tipo] ?? '').toLowerCase()} ${c.cpe_comprobante}`}
      okText="Solicitar anulación"
      initialValues={{ motivo: '' }}
      schema={ComprobanteAnular}
      at={['comprobante']}
      toPayload={(v) => ({ comprobante: { cpe_id: c.cpe_id, motivo: v.motivo } })}
      onSave={(p) => anular.mutateAsync({ cpe_id: c.cpe_id, motivo: p.comprobante.motivo })}
      notice={
        <p>
          {`${c.cli_nombre} · ${formatMoney(c.mon_simbolo, c.cpe_total)}`}
          <br />
          {`Se enviará ${resumen} a SUNAT. El comprobante quedará anulado cuando SUNAT la acepte; si la rechaza, seguirá vigente.`}
        </p>
      }
      onClose={onClose}
    >
      <Form.Item name="motivo" label="Motivo de la anulación" required>
        <Input.TextArea rows={3} count={limite(100)} autoFocus aria-label="Motivo de la anulación" />
      </Form.Item>
    </FormModal>
  );
}
