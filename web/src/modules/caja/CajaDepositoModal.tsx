import { CajaDepositar, limaDate } from '@obra/domain';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '../../ui/FormModal';
import { useDepositarCaja } from './api';
import type { CajaRef } from './CajaAcciones';
import { FECHA_FORMATOS } from '../../ui/format';

interface Campos {
  caj_numero_operacion: string;
  caj_fecha_deposito: Dayjs | null;
}

/** Treasury's deposit of an approved cash box (DECISIONS §5): the bank operation number and the date (today by default, never later). */
export function CajaDepositoModal({ caja, onClose }: { caja: CajaRef; onClose: () => void }) {
  const depositar = useDepositarCaja();
  const hoy = dayjs(limaDate());
  return (
    <FormModal<Campos, CajaDepositar>
      title={`Depositar la caja ${caja.caj_codigo}`}
      okText="Depositar"
      initialValues={{ caj_numero_operacion: '', caj_fecha_deposito: hoy }}
      schema={CajaDepositar}
      at={['caja']}
      toPayload={(v) => ({
        caja: { caj_id: caja.caj_id, caj_numero_operacion: v.caj_numero_operacion, caj_fecha_deposito: v.caj_fecha_deposito?.format('YYYY-MM-DD') ?? null },
      })}
      onSave={(body) => depositar.mutateAsync(body)}
      notice={<p>{`${caja.caj_titulo} · ${caja.caj_monto_text}`}</p>}
      onClose={onClose}
    >
      <Form.Item name="caj_numero_operacion" label="N° de operación">
        <Input maxLength={60} autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item name="caj_fecha_deposito" label="Fecha de depósito">
        <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(hoy, 'day')} />
      </Form.Item>
    </FormModal>
  );
}
