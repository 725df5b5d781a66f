import { DeleteOutlined } from '@ant-design/icons';
import { ASI_MSG, AsignacionRegistrar, ORDEN_CALCULO_MSG, limaDate } from '@obra/domain';
import { Button, Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { hasta, limite, NumberInput, positivo } from '../../ui/inputs';
import { toast } from '../../base/toast';
import { useDebounced } from '../../ui/useDebounced';
import { useAlmacenes, WarehouseSelect } from '../../ui/WarehouseSelect';
import { useRegistrarAsignacion, useStock, type StockRapido } from './api';
import { EmpleadoSelect } from './EmpleadoSelect';
import { FECHA_FORMATOS } from '../../ui/format';

interface Linea {
  pal_id: number;
  prv_nombre: string;
  pal_numero_serie: string;
  unm_simbolo: string;
  /** Stock available when it was added: the quantity's maximum. */
  pal_stock: string;
  aid_cantidad: string | null;
  aid_notas: string;
}

interface Valores {
  alm_id: number | null;
  emp_solicitante: number | null;
  emp_autorizador: number | null;
  asi_fecha_registro: Dayjs | null;
  asi_notas: string;
  detalle: Linea[];
}

const cell = { style: { marginBottom: 0 } };

const toPayload = (v: Valores): AsignacionRegistrar => ({
  asignacion_items: {
    alm_id: v.alm_id as number,
    emp_solicitante: v.emp_solicitante as number,
    emp_autorizador: v.emp_autorizador as number,
    asi_fecha_registro: v.asi_fecha_registro?.format('YYYY-MM-DD') ?? '',
    asi_notas: v.asi_notas,
    detalle: (v.detalle ?? []).map((l) => ({ pal_id: l.pal_id, aid_cantidad: l.aid_cantidad ?? '', aid_notas: l.aid_notas })),
  },
});

/**
 * 'Registrar asignación' (spec 2 §2, §5): warehouse, requester and authoriser first (the product
 * search asks for them in that order), the registration date (today in Lima by default), then the
 * products with stock in that warehouse, each once, quantity 1 by default and at most its stock.
 */
export function AsignacionModal({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<Valores>();
  const registrar = useRegistrarAsignacion();
  const almId = Form.useWatch('alm_id', form) ?? null;
  const lineas = (Form.useWatch('detalle', { form, preserve: true }) ?? []) as Linea[];
  const almacenes = useAlmacenes();
  const almacen = almacenes.data?.almacenes.find((a) => a.alm_id === almId);
  const proyecto = almacen?.pry_nombre;
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  const stock = useStock(abierto ? almId : null, useDebounced(texto.trim(), 300));

  /** Before the product search: warehouse, requester, authoriser (spec 2 §5). */
  const faltante = (): string | null => {
    const v = form.getFieldsValue(['alm_id', 'emp_solicitante', 'emp_autorizador']);
    if (!v.alm_id) return ASI_MSG.almacen;
    if (!v.emp_solicitante) return ASI_MSG.solicitante;
    if (!v.emp_autorizador) return ASI_MSG.autorizador;
    return null;
  };

  const abrir = (open: boolean) => {
    if (open) {
      const falta = faltante();
      if (falta) {
        toast.error(falta);
        return;
      }
    }
    setAbierto(open);
  };

  const agregar = (palId: number) => {
    setTexto('');
    if (!almId) return toast.error(ASI_MSG.seleccioneAlmacen);
    const s = stock.data?.find((x: StockRapido) => x.pal_id === palId);
    if (!s) return;
    if (lineas.some((l) => l.pal_id === palId)) return toast.error(ASI_MSG.productoRepetido);
    const una = Number(s.pal_stock) >= 1 ? '1' : s.pal_stock;
    form.setFieldValue('detalle', [...lineas, {
      pal_id: s.pal_id, prv_nombre: s.prv_nombre, pal_numero_serie: s.pal_numero_serie, unm_simbolo: s.unm_simbolo,
      pal_stock: s.pal_stock, aid_cantidad: una, aid_notas: '',
    }]);
  };

  const opciones = (stock.data ?? []).map((s) => ({
    value: s.pal_id,
    label: `${s.prv_nombre}${s.pal_numero_serie ? ` · Serie ${s.pal_numero_serie}` : ''} · Stock ${s.pal_stock} ${s.unm_simbolo}`,
    disabled: Number(s.pal_stock) <= 0,
  }));

  return (
    <FormModal<Valores, AsignacionRegistrar>
      title="Registrar asignación"
      width={960}
      form={form}
      initialValues={{ alm_id: null, emp_solicitante: null, emp_autorizador: null, asi_fecha_registro: dayjs(limaDate()), asi_notas: '', detalle: [] }}
      schema={AsignacionRegistrar}
      toPayload={toPayload}
      at={['asignacion_items']}
      // Another warehouse's products cannot stay: its lines go.
      onValuesChange={(changed) => { if ('alm_id' in changed) form.setFieldValue('detalle', []); }}
      onSave={(body) => registrar.mutateAsync(body)}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="alm_id" label="Almacén" required extra={proyecto ? `Proyecto: ${proyecto}` : undefined}>
            <WarehouseSelect style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="asi_fecha_registro" label="Fecha de registro" required>
            <DatePicker format={FECHA_FORMATOS} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="emp_solicitante" label="Solicitante" required>
            <EmpleadoSelect style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="emp_autorizador" label="Autorizador" required>
            <EmpleadoSelect style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="asi_notas" label="Notas">
        <Input.TextArea rows={1} count={limite(500)} />
      </Form.Item>
      <Form.Item label="Producto" tooltip="Productos con stock en el almacén elegido">
        <Select<number>
          aria-label="Buscar producto"
          placeholder="Escriba el nombre del producto"
          value={null}
          open={abierto}
          onOpenChange={abrir}
          showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
          loading={stock.isFetching}
          notFoundContent={stock.isFetching ? 'Buscando...' : 'No hay productos con stock'}
          options={opciones}
          onChange={(palId) => palId && agregar(palId)}
        />
      </Form.Item>
      <FormListTable
        name="detalle"
        locale={{ emptyText: 'Agregue los productos a asignar' }}
        columns={({ remove }) => [
          { title: 'Producto', render: (_, f) => <Typography.Text>{lineas[f.name]?.prv_nombre}</Typography.Text> },
          { title: 'Serie', width: 110, render: (_, f) => lineas[f.name]?.pal_numero_serie || '-' },
          { title: 'Stock', width: 90, align: 'right', render: (_, f) => `${lineas[f.name]?.pal_stock ?? ''} ${lineas[f.name]?.unm_simbolo ?? ''}` },
          {
            title: 'Cantidad',
            width: 150,
            render: (_, f) => (
              // Never clamped to the stock: above it the field says so and the popup does not save (issue 24).
              <Form.Item
                {...cell}
                name={[f.name, 'aid_cantidad']}
                rules={[
                  positivo(ORDEN_CALCULO_MSG.cantidadPositiva),
                  hasta(lineas[f.name]?.pal_stock, ASI_MSG.soloHay(lineas[f.name]?.pal_stock ?? '0', almacen?.alm_nombre ?? 'el almacén')),
                ]}
              >
                <NumberInput aria-label={`Cantidad de ${lineas[f.name]?.prv_nombre ?? ''}`} />
              </Form.Item>
            ),
          },
          {
            title: 'Notas',
            width: 220,
            render: (_, f) => (
              <Form.Item {...cell} name={[f.name, 'aid_notas']}>
                <Input aria-label={`Notas de ${lineas[f.name]?.prv_nombre ?? ''}`} count={limite(500)} />
              </Form.Item>
            ),
          },
          {
            title: '',
            width: 48,
            render: (_, f) => (
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar ${lineas[f.name]?.prv_nombre ?? ''}`} onClick={() => remove(f.name)} />
            ),
          },
        ]}
      />
    </FormModal>
  );
}
