import { DownloadOutlined } from '@ant-design/icons';
import { INVENTARIO_MSG, limaDate } from '@obra/domain';
import { Alert, Button, DatePicker, Flex, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, SessionExpiredError, apiFile } from '../../base/api';
import { saveBlob } from '../../ui/files';
import { toast } from '../../base/toast';

/** The picker's input: the form's name and the field's (antd's id, which its label points to). */
const CAMPO = 'ple_periodo';
const FORMATO = 'MM/YYYY';

interface Values {
  periodo: Dayjs | undefined;
}

/**
 * SUNAT PLE 12.1 "Registro del Inventario Permanente en Unidades Físicas" of the company and a month (beyond the
 * spec): one TXT file for the RUC with every warehouse, named as SUNAT's PLE program expects. The previous month is
 * offered, as books are filed after the month closes. Corporate users only (the screen shows the button to them).
 */
export function PleModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const hoy = dayjs(limaDate());

  const descargar = async () => {
    const { periodo } = form.getFieldsValue();
    // A month typed but refused by the picker (one that has not begun) leaves the last one chosen: never send that instead.
    const escrito = (document.getElementById(CAMPO) as HTMLInputElement | null)?.value.trim();
    if (!periodo || (escrito && escrito !== periodo.format(FORMATO))) {
      const futuro = escrito && /^\d{2}\/\d{4}$/.test(escrito) && dayjs(`${escrito.slice(3)}-${escrito.slice(0, 2)}-01`).isAfter(hoy, 'month');
      toast.error(futuro ? INVENTARIO_MSG.periodoFuturo : INVENTARIO_MSG.periodoInvalido);
      return;
    }
    setSending(true);
    try {
      const { blob, filename } = await apiFile('/productoAlmacen/ple', { ple: { anio: periodo.year(), mes: periodo.month() + 1 } });
      saveBlob(blob, filename ?? 'ple-12-1.txt');
      toast.success(`Se descargó ${filename ?? 'el libro'}`);
    } catch (error) {
      if (!(error instanceof SessionExpiredError)) toast.error(error instanceof ApiError ? error.message : 'No se pudo generar el libro');
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title="Libro electrónico PLE 12.1"
      width={560}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cerrar</Button>
          <Button type="primary" icon={<DownloadOutlined />} loading={sending} onClick={() => void descargar()}>Descargar TXT</Button>
        </Flex>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Registro del Inventario Permanente en Unidades Físicas de la empresa: un solo archivo por RUC y periodo con los movimientos de todos los almacenes, cada uno con su código de establecimiento SUNAT."
        description="Las compras se informan con el comprobante del proveedor registrado en su ingreso; un ingreso sin comprobante va con operación 99 (otros)."
      />
       {/* No onFinish: Enter in the picker picks the month, 'Descargar TXT' downloads. */}
      <Form form={form} name="ple" layout="vertical" initialValues={{ periodo: hoy.subtract(1, 'month').startOf('month') }}>
        <Form.Item name="periodo" label="Periodo" required>
          <DatePicker picker="month" format={FORMATO} allowClear={false} disabled={sending} disabledDate={(d) => d.isAfter(hoy, 'month')} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
