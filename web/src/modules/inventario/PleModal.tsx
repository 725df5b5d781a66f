import { DownloadOutlined } from '@ant-design/icons';
import { INVENTARIO_MSG, limaDate } from '@obra/domain';
import { Alert, Button, DatePicker, Flex, Form, Modal, Radio } from 'antd';
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
  libro: Libro;
}

/** The two books (docs/business-rules.md "SUNAT PLE 12.1", "Kardex valorizado"): their call and what the popup says of them. */
const LIBROS = {
  '12.1': {
    url: '/productoAlmacen/ple', archivo: 'ple-12-1.txt',
    titulo: 'Registro del Inventario Permanente en Unidades Físicas de la empresa: un solo archivo por RUC y periodo con los movimientos de todos los almacenes, cada uno con su código de establecimiento SUNAT.',
  },
  '13.1': {
    url: '/productoAlmacen/pleValorizado', archivo: 'ple-13-1.txt',
    titulo: 'Registro de Inventario Permanente Valorizado: los mismos movimientos con su costo en soles sin IGV, por promedio ponderado (los productos con número de serie, por identificación específica).',
  },
} as const;
type Libro = keyof typeof LIBROS;

/**
 * SUNAT PLE 12.1 "Registro del Inventario Permanente en Unidades Físicas" and 13.1 "Registro de Inventario Permanente
 * Valorizado" of the company and a month (beyond the spec): one TXT file for the RUC with every warehouse, named as SUNAT's PLE program expects. The previous month is
 * offered, as books are filed after the month closes. Corporate users only (the screen shows the button to them).
 */
export function PleModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const hoy = dayjs(limaDate());
  const clave = Form.useWatch('libro', form) ?? '12.1';

  const descargar = async () => {
    const { periodo, libro: clave } = form.getFieldsValue();
    const libro = LIBROS[clave ?? '12.1'];
    // A month typed but refused by the picker (one that has not begun) leaves the last one chosen: never send that instead.
    const escrito = (document.getElementById(CAMPO) as HTMLInputElement | null)?.value.trim();
    if (!periodo || (escrito && escrito !== periodo.format(FORMATO))) {
      const futuro = escrito && /^\d{2}\/\d{4}$/.test(escrito) && dayjs(`${escrito.slice(3)}-${escrito.slice(0, 2)}-01`).isAfter(hoy, 'month');
      toast.error(futuro ? INVENTARIO_MSG.periodoFuturo : INVENTARIO_MSG.periodoInvalido);
      return;
    }
    setSending(true);
    try {
      const { blob, filename } = await apiFile(libro.url, { ple: { anio: periodo.year(), mes: periodo.month() + 1 } });
      saveBlob(blob, filename ?? libro.archivo);
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
      title="Libros electrónicos PLE de inventario"
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
        title={LIBROS[clave].titulo}
        description="Las compras se informan con el comprobante del proveedor registrado en su ingreso; un ingreso sin comprobante va con operación 99 (otros)."
      />
       {/* No onFinish: Enter in the picker picks the month, 'Descargar TXT' downloads. */}
      <Form form={form} name="ple" layout="vertical" initialValues={{ periodo: hoy.subtract(1, 'month').startOf('month'), libro: '12.1' }}>
        <Form.Item name="libro" label="Libro" required>
          <Radio.Group disabled={sending} options={[{ value: '12.1', label: '12.1 Unidades físicas' }, { value: '13.1', label: '13.1 Valorizado' }]} />
        </Form.Item>
        <Form.Item name="periodo" label="Periodo" required>
          <DatePicker picker="month" format={FORMATO} allowClear={false} disabled={sending} disabledDate={(d) => d.isAfter(hoy, 'month')} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
