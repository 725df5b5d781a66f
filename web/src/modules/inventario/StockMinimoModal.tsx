import type { InventarioRow, StockMinimoGuardar } from '@obra/domain';
import { StockMinimoGuardar as Schema } from '@obra/domain';
import { Alert, Form, Input, Switch } from 'antd';
import { FormModal } from '../../ui/FormModal';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useGuardarMinimo } from './api';
import { formatCantidad } from './labels';

interface Values {
  alm_id: number;
  prv_id: number;
  propio: boolean;
  stm_minimo: string;
}

/**
 * The minimum stock of a product in this warehouse (option editar_stock_minimo): its own figure, or
 * the product's (`prv_stock_minimo`) when none is set here. Stock below it feeds stock renewal.
 */
export function StockMinimoModal({ row, onClose }: { row: InventarioRow; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const guardar = useGuardarMinimo();
  const propio = Form.useWatch('propio', form) ?? row.stm_propio;
  return (
    <FormModal<Values, StockMinimoGuardar>
      title={`Stock mínimo | ${row.prv_nombre}`}
      form={form}
      initialValues={{ alm_id: row.alm_id, prv_id: row.prv_id, propio: row.stm_propio, stm_minimo: row.stm_propio ? row.stm_minimo : '' }}
      schema={Schema}
      at={['producto_almacen']}
      toPayload={(v) => ({ producto_almacen: { alm_id: v.alm_id, prv_id: v.prv_id, stm_minimo: v.propio ? v.stm_minimo : null } })}
      onSave={(payload) => guardar.mutateAsync(payload)}
      notice={<Alert type="info" showIcon style={{ marginBottom: 16 }}
        message={`${warehouseLabel(row)}. Stock actual: ${formatCantidad(row.pal_stock)} ${row.unm_simbolo}${row.prv_item === 1 ? ' (esta serie)' : ''}.`} />}
      onClose={onClose}
    >
      <Form.Item name="propio" label="Mínimo propio de este almacén" valuePropName="checked"
        extra={propio ? undefined : `Se usa el mínimo del producto: ${formatCantidad(row.prv_stock_minimo)} ${row.unm_simbolo}`}>
        <Switch />
      </Form.Item>
      {propio && (
        <Form.Item name="stm_minimo" label={`Stock mínimo (${row.unm_simbolo})`} required>
          <Input inputMode="decimal" autoFocus style={{ width: 200 }} />
        </Form.Item>
      )}
    </FormModal>
  );
}
