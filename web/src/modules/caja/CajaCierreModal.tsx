import { PaperClipOutlined } from '@ant-design/icons';
import { CAJA_MSG, CAJA_VOUCHER_MAX_BYTES, CajaCierre, formatMoney, limaDate } from '@obra/domain';
import { App, Button, DatePicker, Flex, Form, Input, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FECHA_FORMATOS } from '../../ui/format';
import { FormModal } from '../../ui/FormModal';
import { toast } from '../../base/toast';
import { useCerrarCaja, useRendicionxCaja, type CierreAccion } from './api';
import type { CajaRef } from './CajaAcciones';

interface Campos {
  caj_monto_cierre: string;
  caj_fecha_cierre: Dayjs | null;
  caj_numero_operacion_cierre: string;
}

const VOUCHER_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/**
 * Closing an approved settlement's balance (issue 24): treasury's reimbursement of a balance in the
 * requester's favour, or the return of what the requester did not spend. The amount starts as the
 * balance (the server refuses any other), the date as today; the voucher is required. Asked once more
 * before sending, since the cash box closes.
 */
export function CajaCierreModal({ caja, accion, onClose }: { caja: CajaRef; accion: CierreAccion; onClose: () => void }) {
  const { modal } = App.useApp();
  const rendicion = useRendicionxCaja(caja.caj_id);
  const cerrar = useCerrarCaja();
  const [voucher, setVoucher] = useState<File | null>(null);
  const hoy = dayjs(limaDate());
  const reembolso = accion === 'reembolsar_caja';
  const saldo = rendicion.data?.ren_saldo.replace(/^-/, '');

  const elegir = (file: File) => {
    if (!/\.(pdf|jpe?g|png)$/i.test(file.name)) toast.error(CAJA_MSG.voucherTipo);
    else if (file.size > CAJA_VOUCHER_MAX_BYTES) toast.error(CAJA_MSG.voucherTamano);
    else setVoucher(file);
    return Upload.LIST_IGNORE;
  };

  const confirmar = (monto: string) => new Promise<void>((resolve, reject) => {
    modal.confirm({
      title: (reembolso ? CAJA_MSG.confirmarReembolso : CAJA_MSG.confirmarDevolucion)(formatMoney(caja.mon_simbolo, monto), caja.usu_solicitante_nombre),
      content: `${caja.caj_codigo} · ${caja.caj_titulo}`,
      okText: reembolso ? 'Registrar reembolso' : 'Registrar devolución',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => resolve(),
      onCancel: () => reject(new Error('cancelado')),
    });
  });

  const guardar = async (datos: CajaCierre) => {
    if (!voucher) {
      toast.error(CAJA_MSG.voucherFalta);
      throw new Error(CAJA_MSG.voucherFalta);
    }
    await confirmar(String(datos.caj_monto_cierre));
    return cerrar.mutateAsync({ accion, datos, voucher });
  };

  return (
    <FormModal<Campos, CajaCierre>
      title={`${reembolso ? 'Reembolso al solicitante' : 'Devolución del solicitante'} · caja ${caja.caj_codigo}`}
      okText={reembolso ? 'Registrar reembolso' : 'Registrar devolución'}
      initialValues={saldo === undefined ? undefined : { caj_monto_cierre: saldo, caj_fecha_cierre: hoy, caj_numero_operacion_cierre: '' }}
      loadError={rendicion.isError ? CAJA_MSG.notFound : undefined}
      schema={CajaCierre}
      toPayload={(v) => ({
        caj_id: caja.caj_id, caj_monto_cierre: v.caj_monto_cierre, caj_fecha_cierre: v.caj_fecha_cierre?.format('YYYY-MM-DD') ?? null,
        caj_numero_operacion_cierre: v.caj_numero_operacion_cierre,
      })}
      onSave={guardar}
      notice={
        <p>
          {`${caja.caj_titulo} · Solicitante: ${caja.usu_solicitante_nombre}`}
          <br />
          <Typography.Text strong>{`Saldo de la rendición: ${rendicion.data?.ren_saldo_text ?? '…'}`}</Typography.Text>
          <br />
          {reembolso
            ? 'Tesorería paga al solicitante el saldo a su favor; la caja queda cerrada.'
            : 'El solicitante devuelve el saldo no gastado; la caja queda cerrada.'}
        </p>
      }
      onClose={onClose}
    >
      <Form.Item name="caj_monto_cierre" label={reembolso ? 'Monto reembolsado' : 'Monto devuelto'} required>
        <Input inputMode="decimal" autoComplete="off" prefix={caja.mon_simbolo} aria-label="Monto" />
      </Form.Item>
      <Form.Item name="caj_fecha_cierre" label="Fecha de la operación">
        <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(hoy, 'day')} />
      </Form.Item>
      <Form.Item name="caj_numero_operacion_cierre" label="N° de operación">
        <Input maxLength={60} autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item label="Voucher (PDF, JPG o PNG, hasta 20 MB)" required>
        <Flex align="center" gap={12} wrap>
          <Upload accept={VOUCHER_ACCEPT} beforeUpload={elegir} showUploadList={false} maxCount={1}>
            <Button icon={<PaperClipOutlined />}>{voucher ? 'Cambiar voucher' : 'Adjuntar voucher'}</Button>
          </Upload>
          <Typography.Text type={voucher ? undefined : 'secondary'} data-testid="voucher-nombre">{voucher?.name ?? 'Sin archivo'}</Typography.Text>
        </Flex>
      </Form.Item>
    </FormModal>
  );
}
