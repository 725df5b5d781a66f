import { DOCS_PROVEEDOR, limaDate } from '@obra/domain';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FECHA_FORMATOS } from '../../ui/format';

const TIPOS = DOCS_PROVEEDOR.map((d) => ({ value: d.codigo, label: `${d.codigo} ${d.nombre}` }));
const mayusculas = (v: string | undefined) => (v ?? '').toUpperCase();

/** The form values of a receipt's supplier document. */
export interface DocProveedorValues {
  tfi_doc_tipo: string | undefined;
  tfi_doc_serie: string;
  tfi_doc_numero: string;
  tfi_doc_fecha: Dayjs | null;
}

/** The form's values of a stored (or proposed) document: '' becomes empty fields. */
export const docProveedorValores = (d: { tfi_doc_tipo: string; tfi_doc_serie: string; tfi_doc_numero: string; tfi_doc_fecha: string } | null | undefined): DocProveedorValues => ({
  tfi_doc_tipo: d?.tfi_doc_tipo || undefined, tfi_doc_serie: d?.tfi_doc_serie ?? '', tfi_doc_numero: d?.tfi_doc_numero ?? '',
  tfi_doc_fecha: d?.tfi_doc_fecha ? dayjs(d.tfi_doc_fecha) : null,
});

export const docProveedorPayload = (v: DocProveedorValues) => ({
  tfi_doc_tipo: v.tfi_doc_tipo ?? '', tfi_doc_serie: v.tfi_doc_serie ?? '', tfi_doc_numero: v.tfi_doc_numero ?? '',
  tfi_doc_fecha: v.tfi_doc_fecha ? v.tfi_doc_fecha.format('YYYY-MM-DD') : '',
});

/**
 * The supplier's document the goods came with (SUNAT tabla 10 type, series, number and issue date), which the PLE
 * 12.1 book reports for the purchase; `sugerido` says where a proposed value came from.
 */
export function DocProveedorFields({ sugerido }: { sugerido?: string }) {
  const hoy = dayjs(limaDate());
  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <Form.Item name="tfi_doc_tipo" label="Comprobante del proveedor (SUNAT tabla 10)" required extra={sugerido}>
          <Select options={TIPOS} allowClear placeholder="Tipo de comprobante" />
        </Form.Item>
      </Col>
      <Col xs={8} md={5}>
        <Form.Item name="tfi_doc_serie" label="Serie" required normalize={mayusculas}>
          <Input maxLength={20} placeholder="F001" />
        </Form.Item>
      </Col>
      <Col xs={8} md={5}>
        <Form.Item name="tfi_doc_numero" label="Número" required normalize={mayusculas}>
          <Input maxLength={20} placeholder="00001234" />
        </Form.Item>
      </Col>
      <Col xs={8} md={5}>
        <Form.Item name="tfi_doc_fecha" label="Fecha de emisión" required>
          <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isAfter(hoy, 'day')} />
        </Form.Item>
      </Col>
    </Row>
  );
}
