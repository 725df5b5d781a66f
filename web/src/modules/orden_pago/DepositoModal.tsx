import { OrdenPagoDepositar, limaDate, type OrdenPagoRow } from '@obra/domain';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '../../ui/FormModal';
import { FECHA_FORMATOS, formatMoney } from '../../ui/format';
import { useDepositarOrdenPago } from './api';

interface FormValues {
  opg_numero_operacion: string;
  opg_fecha_deposito: Dayjs | null;
}

/** Treasury's deposit of an approved payment order (DECISIONS §4): operation number (required) and date (today by default, never later). */
export function DepositoModal({ row, onClose }: { row: OrdenPagoRow; onClose: () => void }) {
  const depositar = useDepositarOrdenPago();
  const hoy = dayjs(limaDate());

  return (
    <FormModal<FormValues, OrdenPagoDepositar>
      title={`Depositar Orden de Pago N° ${row.opg_numero}`}
      initialValues={{ opg_numero_operacion: '', opg_fecha_deposito: hoy }}
      schema={OrdenPagoDepositar}
      toPayload={(v) => ({
        orden_pago: { opg_id: row.opg_id, opg_numero_operacion: v.opg_numero_operacion, opg_fecha_deposito: v.opg_fecha_deposito?.format('YYYY-MM-DD') ?? null },
      })}
      at={['orden_pago']}
      onSave={(body) => depositar.mutateAsync(body)}
      okText="Depositar"
      notice={<p>{`${row.ord_codigo} · ${row.pve_razon_social}`}<br />{`Pago: ${formatMoney(row.mon_simbolo, row.opg_pago)} (total ${formatMoney(row.mon_simbolo, row.opg_total)})`}</p>}
      onClose={onClose}
    >
      <Form.Item name="opg_numero_operacion" label="N° de operación" required>
        <Input maxLength={60} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="opg_fecha_deposito" label="Fecha de depósito">
        <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(hoy, 'day')} />
      </Form.Item>
    </FormModal>
  );
}
