import { DeleteOutlined } from '@ant-design/icons';
import { PEDIDO_MSG, PedidoModificar, PedidoRegistrar, type Pedido, type PedidoProducto } from '@obra/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { limite, NumberInput, positivo } from '../../ui/inputs';
import { toast } from '../../base/toast';
import { useDebounced } from '../../ui/useDebounced';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { sinCeros } from './cantidad';
import { buscarProductos, useCentrosCosto, useModificarPedido, useOpcionesPedido, usePedido, useRegistrarPedido, useUsuariosLogistica } from './api';

/** A line as the form holds it: what it shows beside what it sends. */
interface Linea {
  prv_id: number;
  prv_nombre: string;
  unm_simbolo: string;
  pid_cantidad_solicitada: string | null;
}

interface Values {
  alm_id: number | null;
  cec_id: number | null;
  usu_logistica: number | null;
  pei_notas: string;
  lista_pedido_items_detalle: Linea[];
}

const desde = (p: Pedido | undefined): Values => ({
  alm_id: p?.alm_id ?? null,
  cec_id: p?.cec_id ?? null,
  usu_logistica: p?.usu_logistica ?? null,
  pei_notas: p?.pei_notas ?? '',
  lista_pedido_items_detalle: (p?.lista_pedido_items_detalle ?? []).map((l) => ({
    prv_id: l.prv_id, prv_nombre: l.pid_producto, unm_simbolo: l.unm_simbolo, pid_cantidad_solicitada: sinCeros(l.pid_cantidad_solicitada),
  })),
});

const cell = { style: { marginBottom: 0 } };

interface Props {
  modo: 'registrar' | 'modificar';
  /** The request modified, or (registrar) the one copied; null registers an empty one. */
  peiId: number | null;
  onClose: () => void;
}

/**
 * Register and modify popups (spec 3 §2): warehouse ('project | warehouse'), the cost centres of the warehouse's
 * project, the logistics person from the LOGÍSTICA role, notes, a product quick search and the lines with their
 * quantity (a product once: 'El producto ya ha sido agregado').
 */
export function PedidoFormModal({ modo, peiId, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const pedido = usePedido(peiId);
  const opciones = useOpcionesPedido();
  const logistica = useUsuariosLogistica();
  const registrar = useRegistrarPedido();
  const modificar = useModificarPedido();
  const almId = Form.useWatch('alm_id', form) ?? null;
  const lineas = (Form.useWatch('lista_pedido_items_detalle', { form, preserve: true }) ?? []) as Linea[];
  const almacenes = opciones.data?.almacenes ?? [];
  const pryId = almacenes.find((a) => a.alm_id === almId)?.pry_id ?? null;
  const centros = useCentrosCosto(pryId);

  const loading = peiId !== null && !pedido.data;
  const initialValues = loading || !opciones.data ? undefined : desde(pedido.data);

  const agregar = (p: PedidoProducto) => {
    if (lineas.some((l) => l.prv_id === p.prv_id)) {
      toast.error(PEDIDO_MSG.productoAgregado);
      return;
    }
    form.setFieldValue('lista_pedido_items_detalle', [...lineas, { prv_id: p.prv_id, prv_nombre: p.prv_nombre, unm_simbolo: p.unm_simbolo, pid_cantidad_solicitada: '1' }]);
  };

  const toPayload = (v: Values) => ({
    pedido_items: {
      ...(modo === 'modificar' && pedido.data ? { pei_id: pedido.data.pei_id, pei_version: pedido.data.pei_version } : {}),
      alm_id: v.alm_id ?? undefined,
      cec_id: v.cec_id ?? undefined,
      usu_logistica: v.usu_logistica ?? undefined,
      pei_notas: v.pei_notas,
      lista_pedido_items_detalle: (v.lista_pedido_items_detalle ?? []).map((l) => ({ prv_id: l.prv_id, pid_cantidad_solicitada: l.pid_cantidad_solicitada ?? '' })),
    },
  });

  const titulo = modo === 'modificar' ? `Modificar Pedido${pedido.data ? ` ${pedido.data.pei_codigo}` : ''}` : 'Registrar Pedido';
  return (
    <FormModal<Values, PedidoRegistrar | PedidoModificar>
      title={titulo}
      width={900}
      form={form}
      initialValues={initialValues}
      loadError={pedido.isError ? PEDIDO_MSG.notFound : undefined}
      schema={modo === 'modificar' ? PedidoModificar : PedidoRegistrar}
      toPayload={toPayload}
      at={['pedido_items']}
      okText={modo === 'modificar' ? 'Modificar' : 'Registrar'}
      onValuesChange={(changed) => {
        // Another warehouse may be of another project: its cost centre no longer applies.
        if ('alm_id' in changed) form.setFieldValue('cec_id', null);
      }}
      onSave={(body) => (modo === 'modificar' ? modificar.mutateAsync(body as PedidoModificar) : registrar.mutateAsync(body as PedidoRegistrar))}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="alm_id" label="Almacén" required>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccione un almacén"
              options={almacenes.map((a) => ({ value: a.alm_id, label: warehouseLabel(a) }))}
              notFoundContent="No hay almacenes"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="cec_id" label="Centro de costo" required>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              disabled={pryId === null}
              placeholder={pryId === null ? 'Seleccione primero el almacén' : 'Seleccione un centro de costo'}
              loading={centros.isFetching}
              options={(centros.data ?? []).map((c) => ({ value: c.cec_id, label: `${c.cec_codigo} - ${c.cec_descripcion}` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="usu_logistica" label="Logística" required>
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Seleccione el responsable de logística"
              loading={logistica.isFetching}
              options={(logistica.data ?? []).map((u) => ({ value: u.usu_id, label: u.usu_nombre_completo }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="pei_notas" label="Notas">
            <Input.TextArea count={limite(500)} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Agregar producto" htmlFor="pei-buscar-producto">
        <ProductoSearch id="pei-buscar-producto" onPick={agregar} />
      </Form.Item>
      <FormListTable
        name="lista_pedido_items_detalle"
        locale={{ emptyText: 'Agregue al menos un producto' }}
        scroll={{ y: 260 }}
        columns={({ remove }) => [
          { title: 'Producto', render: (_, fl) => lineas[fl.name]?.prv_nombre },
          { title: 'UND', width: 70, render: (_, fl) => lineas[fl.name]?.unm_simbolo },
          {
            title: 'Cantidad',
            width: 150,
            render: (_, fl, i) => (
              <Form.Item {...cell} name={[fl.name, 'pid_cantidad_solicitada']} rules={[positivo(PEDIDO_MSG.cantidad)]}>
                <NumberInput aria-label={`Cantidad ${i + 1}`} />
              </Form.Item>
            ),
          },
          {
            title: '',
            width: 48,
            render: (_, fl, i) => (
              <Tooltip title="Quitar">
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar línea ${i + 1}`} onClick={() => remove(fl.name)} />
              </Tooltip>
            ),
          },
        ]}
      />
    </FormModal>
  );
}

/** Type-to-search of active products (300 ms); the picked one is added and the box clears. */
function ProductoSearch({ id, onPick }: { id: string; onPick: (p: PedidoProducto) => void }) {
  const [texto, setTexto] = useState('');
  const settled = useDebounced(texto.trim(), 300);
  const query = useQuery({ queryKey: ['pedido_items', 'productos', settled], queryFn: () => buscarProductos(settled), enabled: settled !== '', staleTime: 30_000 });
  const items = settled ? query.data ?? [] : [];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
      value={null}
      placeholder="Escriba el nombre del producto"
      loading={query.isFetching}
      notFoundContent={!settled ? 'Escriba para buscar' : query.isFetching ? 'Buscando…' : 'Sin resultados'}
      options={items.map((p) => ({ value: p.prv_id, label: `${p.prv_nombre} (${p.unm_simbolo})${p.mar_nombre ? ` · ${p.mar_nombre}` : ''}` }))}
      onSelect={(v) => {
        const p = items.find((x) => x.prv_id === v);
        if (p) onPick(p);
        setTexto('');
      }}
      style={{ width: '100%' }}
    />
  );
}
