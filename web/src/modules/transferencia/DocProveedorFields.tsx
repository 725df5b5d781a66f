import { DOCS_PROVEEDOR } from '@obra/domain';
import { Col, Form, Input, Row, Select } from 'antd';

const TIPOS = DOCS_PROVEEDOR.map((d) => ({ value: d.codigo, label: `${d.codigo} ${d.nombre}` }));
const mayusculas = (v: string | undefined) => (v ?? '').toUpperCase();

/** The form values of a receipt's supplier document. */
export interface DocProveedorValues {
  tfi_doc_tipo: string | undefined;
  tfi_doc_serie: string;
  tfi_doc_numero: string;
}

export const docProveedorPayload = (v: DocProveedorValues) => ({
  tfi_doc_tipo: v.tfi_doc_tipo ?? '', tfi_doc_serie: v.tfi_doc_serie ?? '', tfi_doc_numero: v.tfi_doc_numero ?? '',
});

/**
 * The supplier's document the goods came with (SUNAT tabla 10 type, series and number), which the PLE 12.1 book
 * reports for the purchase; `sugerido` says where a proposed value came from.
 */
export function DocProveedorFields({ sugerido }: { sugerido?: string }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={10}>
        <Form.Item name="tfi_doc_tipo" label="Comprobante del proveedor (SUNAT tabla 10)" required extra={sugerido}>
          <Select options={TIPOS} allowClear placeholder="Tipo de comprobante" />
        </Form.Item>
      </Col>
      <Col xs={12} md={7}>
        <Form.Item name="tfi_doc_serie" label="Serie" required normalize={mayusculas}>
          <Input maxLength={20} placeholder="F001" />
        </Form.Item>
      </Col>
      <Col xs={12} md={7}>
        <Form.Item name="tfi_doc_numero" label="Número" required normalize={mayusculas}>
          <Input maxLength={20} placeholder="00001234" />
        </Form.Item>
      </Col>
    </Row>
  );
}
