import { DownloadOutlined } from '@ant-design/icons';
import { INVENTARIO_MSG, limaDate } from '@obra/domain';
import { Alert, Button, DatePicker, Flex, Form, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, SessionExpiredError, apiFile } from '../../app/api';
import { saveBlob } from '../../ui/files';
import { toast } from '../../ui/toast';
import { WarehouseSelect } from '../../ui/WarehouseSelect';

interface Values {
  alm_id: number | undefined;
  periodo: Dayjs | undefined;
}

/**
 * SUNAT PLE 12.1 "Registro del Inventario Permanente en Unidades Físicas" of a warehouse and a month
 * (beyond the spec): the TXT file SUNAT's PLE program takes, named as it expects. The previous
 * month is offered, as books are filed after the month closes.
 */
export function PleModal({ almId, onClose }: { almId: number | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const hoy = dayjs(limaDate());

  const descargar = async () => {
    const v = form.getFieldsValue();
    if (!v.alm_id) {
      toast.error(INVENTARIO_MSG.almacenRequerido);
      return;
    }
    if (!v.periodo) {
      toast.error(INVENTARIO_MSG.periodoInvalido);
      return;
    }
    setSending(true);
    try {
      const { blob, filename } = await apiFile('/productoAlmacen/ple', { ple: { alm_id: v.alm_id, anio: v.periodo.year(), mes: v.periodo.month() + 1 } });
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
      width={520}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cerrar</Button>
          <Button type="primary" icon={<DownloadOutlined />} loading={sending} onClick={() => void descargar()}>Descargar TXT</Button>
        </Flex>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }}
        message="Registro del Inventario Permanente en Unidades Físicas: movimientos del mes del almacén desde el kardex, en el formato del programa PLE de SUNAT." />
      <Form form={form} layout="vertical" initialValues={{ alm_id: almId ?? undefined, periodo: hoy.subtract(1, 'month').startOf('month') }} onFinish={() => void descargar()}>
        <Form.Item name="alm_id" label="Almacén" required>
          <WarehouseSelect style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="periodo" label="Periodo" required>
          <DatePicker picker="month" format="MM/YYYY" allowClear={false} disabledDate={(d) => d.isAfter(hoy, 'month')} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
