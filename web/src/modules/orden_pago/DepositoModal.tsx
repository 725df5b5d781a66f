import { OrdenPagoDepositar, limaDate, type OrdenPagoRow } from '@obra/domain';
import { Button, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { formatMoney } from '../../ui/format';
import { toast } from '../../ui/toast';
import { useDepositarOrdenPago } from './api';

interface FormValues {
  opg_numero_operacion: string;
  opg_fecha_deposito: Dayjs | null;
}

/** Treasury's deposit of an approved payment order (DECISIONS §4): operation number and date (today by default, never later). */
export function DepositoModal({ row, onClose }: { row: OrdenPagoRow; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const depositar = useDepositarOrdenPago();
  const hoy = dayjs(limaDate());

  const submit = async (v: FormValues) => {
    const body = checkForm(OrdenPagoDepositar, {
      orden_pago: { opg_id: row.opg_id, opg_numero_operacion: v.opg_numero_operacion, opg_fecha_deposito: v.opg_fecha_deposito?.format('YYYY-MM-DD') ?? null },
    }, form, ['orden_pago']);
    if (!body) return;
    const saved = await depositar.mutateAsync(body).catch(() => null);
    if (!saved) return;
    toast.success(saved.message);
    onClose();
  };

  return (
    <Modal
      open
      title={`Depositar Orden de Pago N° ${row.opg_numero}`}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="cerrar" onClick={onClose}>
          Cerrar
        </Button>,
        <Button key="depositar" type="primary" htmlType="submit" form="deposito-form" loading={depositar.isPending}>
          Depositar
        </Button>,
      ]}
    >
      <p>{`Pago: ${formatMoney(row.mon_simbolo, row.opg_pago)} (total ${formatMoney(row.mon_simbolo, row.opg_total)})`}</p>
      <Form<FormValues>
        id="deposito-form"
        form={form}
        layout="vertical"
        initialValues={{ opg_numero_operacion: '', opg_fecha_deposito: hoy }}
        onValuesChange={clearMarksOnChange(form)}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="opg_numero_operacion" label="N° de operación" required>
          <Input maxLength={60} autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="opg_fecha_deposito" label="Fecha de depósito">
          <DatePicker format="DD-MM-YYYY" placeholder="dd-mm-aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(hoy, 'day')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
