import { TFI_TIPO, TRANSFERENCIA_MSG, TransferenciaIngresar, exigeDocProveedor, type Transferencia, type TransferenciaDetalleRow } from '@obra/domain';
import { Descriptions, Form, Input } from 'antd';
import { DocProveedorFields, docProveedorPayload, docProveedorValores, type DocProveedorValues } from './DocProveedorFields';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { hasta, limite, noNegativo, NumberInput } from '../../ui/inputs';
import { formatDate, formatDecimal } from '../../ui/format';
import { useIngresarTransferencia, useTransferencia } from './api';

interface LineaIngreso {
  tid_id: number;
  tid_ingreso_cantidad: string | null;
  pal_numero_serie: string;
  tid_ingreso_notas: string;
}

interface Values extends DocProveedorValues {
  detalle: LineaIngreso[];
}

const cell = { style: { marginBottom: 0 } };

/** A purchase order's receipt asks for the supplier's document whenever something enters (PLE 12.1). */
const conDocumento = exigeDocProveedor(TransferenciaIngresar, 'transferencia_items',
  (p) => p.transferencia_items.detalle.some((l) => Number(l.tid_ingreso_cantidad) > 0));

/** The document the transfer has, else the one proposed (the order's portal invoice, the typed guide). */
const docInicial = (t: Transferencia): DocProveedorValues => docProveedorValores(t.tfi_doc_tipo ? t : t.doc_sugerido);

/**
 * Confirm entry (spec 2 §2, §5): per line the confirmed quantity (defaults to the sent one, 0 to sent), the serial
 * (only for serialised products; a unit moved between warehouses brings its own) and notes. All as sent →
 * Ingreso confirmado, otherwise Ingreso parcial; the receiver is the signed-in user. A purchase order's receipt also
 * takes the supplier's document the goods came with (PLE 12.1), proposed from the order's portal invoice or the guide.
 */
export function IngresoModal({ tfiId, onClose }: { tfiId: number; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const query = useTransferencia(tfiId);
  const ingresar = useIngresarTransferencia();
  const t = query.data;
  const lineas: TransferenciaDetalleRow[] = t?.detalle ?? [];
  const compra = t?.tfi_tipo === TFI_TIPO.ORDEN_COMPRA;

  return (
    <FormModal<Values, TransferenciaIngresar>
      title={t ? `Confirmar ingreso: ${t.tfi_codigo}` : 'Confirmar ingreso'}
      width={960}
      form={form}
      initialValues={t ? {
        ...docInicial(t),
        detalle: t.detalle.map((l) => ({ tid_id: l.tid_id, tid_ingreso_cantidad: l.tid_cantidad, pal_numero_serie: l.pal_numero_serie, tid_ingreso_notas: '' })),
      } : undefined}
      schema={compra ? conDocumento : TransferenciaIngresar}
      toPayload={(v) => ({
        transferencia_items: {
          tfi_id: tfiId,
          ...(compra ? docProveedorPayload(v) : {}),
          detalle: v.detalle.map((l) => ({ ...l, tid_ingreso_cantidad: l.tid_ingreso_cantidad ?? '' })),
        },
      })}
      at={['transferencia_items']}
      okText="Confirmar ingreso"
      loadError={query.isError ? TRANSFERENCIA_MSG.notFound : undefined}
      notice={t && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 12 }}
          items={[
            { key: 'tipo', label: 'Tipo', children: t.ord_code ? `${t.tfi_tipo_nombre}: ${t.ord_code}` : t.tfi_tipo_nombre },
            { key: 'destino', label: 'Almacén destino', children: `${t.pry_destino_nombre} | ${t.alm_destino_nombre}` },
            { key: 'origen', label: 'Almacén origen', children: t.alm_origen_nombre ?? '-' },
            { key: 'llegada', label: 'Llegada estimada', children: formatDate(t.tfi_fecha_estimada_llegada) },
          ]}
        />
      )}
      onSave={(body) => ingresar.mutateAsync(body)}
      onClose={onClose}
    >
      {compra && t && (
        <DocProveedorFields sugerido={!t.tfi_doc_tipo && t.doc_sugerido
          ? `Propuesto de ${t.doc_sugerido.tfi_doc_tipo === '01' ? 'la factura que el proveedor envió por el portal' : 'la guía de remisión registrada'}: verifíquelo`
          : undefined} />
      )}
      <FormListTable
        name="detalle"
        scroll={{ y: 320 }}
        columns={() => [
          { title: 'Producto', render: (_, f) => lineas[f.name]?.prv_nombre },
          { title: 'UND', width: 60, render: (_, f) => lineas[f.name]?.unm_simbolo },
          { title: 'Enviada', width: 90, align: 'right', render: (_, f) => formatDecimal(lineas[f.name]?.tid_cantidad) },
          {
            title: 'Cantidad confirmada',
            width: 150,
            render: (_, f, i) => (
              // Never clamped to the sent quantity: above it the field says so, with the server's words (issue 24).
              <Form.Item
                {...cell}
                name={[f.name, 'tid_ingreso_cantidad']}
                rules={[
                  noNegativo(TRANSFERENCIA_MSG.cantidadIngreso),
                  hasta(lineas[f.name]?.tid_cantidad, TRANSFERENCIA_MSG.ingresoExcede(lineas[f.name]?.prv_nombre ?? '', formatDecimal(lineas[f.name]?.tid_cantidad))),
                ]}
              >
                <NumberInput aria-label={`Cantidad confirmada ${i + 1}`} />
              </Form.Item>
            ),
          },
          {
            title: 'N° serie',
            width: 150,
            render: (_, f, i) => (
              <Form.Item {...cell} name={[f.name, 'pal_numero_serie']}>
                <Input aria-label={`Serie ${i + 1}`} maxLength={60} disabled={lineas[f.name]?.prv_item !== 1} />
              </Form.Item>
            ),
          },
          {
            title: 'Notas',
            render: (_, f, i) => (
              <Form.Item {...cell} name={[f.name, 'tid_ingreso_notas']}>
                <Input aria-label={`Notas ${i + 1}`} count={limite(500)} />
              </Form.Item>
            ),
          },
        ]}
      />
    </FormModal>
  );
}
