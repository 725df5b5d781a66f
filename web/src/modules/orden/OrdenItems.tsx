import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDEN_MSG, type ProductoRow } from '@obra/domain';
import { Button, Flex, Input, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { LookupRows } from '../../base/lookups';
import { formatAmount } from '../../ui/format';
import { toast } from '../../base/toast';
import { useDebounced } from '../../ui/useDebounced';
import { useProductoBusqueda } from './api';
import { limite } from '../../ui/inputs';

/** Product search waits 500 ms (spec 1 §9). */
export const PRODUCT_SEARCH_MS = 500;

/** One line as the form edits it; numbers stay texts until the calculation reads them. */
export interface ItemForm {
  key: string;
  /** Catalogue product (producto_variacion); null for a free line. */
  prv_id: number | null;
  producto: string | null;
  descripcion: string;
  /** 0 = no brand. */
  id_marca: number;
  id_unidad: number | null;
  cantidad: string;
  precio_unitario: string;
  precio_fob: string;
  observacion: string;
  pid_id: number | null;
}

let nextKey = 0;
export const newItemKey = () => `n${(nextKey += 1)}`;

export const emptyItem = (): ItemForm => ({
  key: newItemKey(), prv_id: null, producto: null, descripcion: '', id_marca: 0, id_unidad: null,
  cantidad: '1', precio_unitario: '', precio_fob: '', observacion: '', pid_id: null,
});

interface OrdenItemsProps {
  items: ItemForm[];
  onChange: (items: ItemForm[]) => void;
  importacion: boolean;
  servicio: boolean;
  /** Line amounts from the calculation (one per item), or null when it failed. */
  importes: string[] | null;
  unidades: LookupRows['unidades_medida'][];
  marcas: LookupRows['marcas'][];
  /** After a save was tried: blank required cells of each line show in red (spec 1 §5). */
  marcarVacios: boolean;
}

/** Spec 1 §5 items: search the catalogue (500 ms) or add a free line; unit, brand, quantity, price, FOB on imports. */
export function OrdenItems({ items, onChange, importacion, servicio, importes, unidades, marcas, marcarVacios }: OrdenItemsProps) {
  const [texto, setTexto] = useState('');
  const busqueda = useProductoBusqueda(useDebounced(texto, PRODUCT_SEARCH_MS));
  const productos = busqueda.data ?? [];

  const vacio = (value: string | number | null) => (marcarVacios && !String(value ?? '').trim() ? 'error' : undefined);
  const update = (key: string, patch: Partial<ItemForm>) => onChange(items.map((i) => (i.key === key ? { ...i, ...patch } : i)));

  const agregarProducto = (p: ProductoRow) => {
    // The same product variation cannot be added twice (spec 1 §5).
    if (items.some((i) => i.prv_id === p.prv_id)) {
      toast.error(ORDEN_MSG.productoRepetido);
      return;
    }
    onChange([...items, { ...emptyItem(), prv_id: p.prv_id, producto: p.prv_nombre, descripcion: p.prv_nombre, id_marca: p.mar_id ?? 0, id_unidad: p.unm_id }]);
  };

  const unidadOptions = unidades.map((u) => ({ value: u.unm_id, label: u.unm_simbolo }));
  const marcaOptions = [{ value: 0, label: 'Sin marca' }, ...marcas.map((m) => ({ value: m.mar_id, label: m.mar_nombre }))];

  const columns: TableColumnsType<ItemForm> = [
    { title: 'N°', key: 'n', width: 45, align: 'center', render: (_, __, idx) => idx + 1 },
    {
      title: `Descripción${servicio ? ' *' : ''}`,
      key: 'descripcion',
      width: 280,
      render: (_, i, idx) => (
        <Flex vertical gap={2}>
          {i.producto ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`Catálogo: ${i.producto}`}</Typography.Text> : null}
          <Input aria-label={`Descripción línea ${idx + 1}`} value={i.descripcion} status={servicio ? vacio(i.descripcion) : undefined} count={limite(500)} onChange={(e) => update(i.key, { descripcion: e.target.value })} />
        </Flex>
      ),
    },
    {
      title: 'Marca',
      key: 'marca',
      width: 150,
      render: (_, i, idx) => (
        <Select aria-label={`Marca línea ${idx + 1}`} value={i.id_marca} options={marcaOptions} showSearch={{ optionFilterProp: 'label' }}
          onChange={(v: number) => update(i.key, { id_marca: v })} style={{ width: '100%' }} />
      ),
    },
    {
      title: 'UND *',
      key: 'unidad',
      width: 100,
      render: (_, i, idx) => (
        <Select aria-label={`Unidad línea ${idx + 1}`} value={i.id_unidad ?? undefined} status={vacio(i.id_unidad)} options={unidadOptions} showSearch={{ optionFilterProp: 'label' }}
          placeholder="UND" onChange={(v: number) => update(i.key, { id_unidad: v })} style={{ width: '100%' }} />
      ),
    },
    {
      title: 'CANT. *',
      key: 'cantidad',
      width: 100,
      render: (_, i, idx) => (
        <Input aria-label={`Cantidad línea ${idx + 1}`} inputMode="decimal" value={i.cantidad} status={vacio(i.cantidad)} style={{ textAlign: 'right' }}
          onChange={(e) => update(i.key, { cantidad: e.target.value })} />
      ),
    },
    {
      title: 'P.U. *',
      key: 'precio_unitario',
      width: 120,
      render: (_, i, idx) => (
        <Input aria-label={`Precio unitario línea ${idx + 1}`} inputMode="decimal" value={i.precio_unitario} status={vacio(i.precio_unitario)} style={{ textAlign: 'right' }}
          onChange={(e) => update(i.key, { precio_unitario: e.target.value })} />
      ),
    },
    ...(importacion
      ? [{
          title: 'P. FOB *',
          key: 'precio_fob',
          width: 120,
          render: (_: unknown, i: ItemForm, idx: number) => (
            <Input aria-label={`Precio FOB línea ${idx + 1}`} inputMode="decimal" value={i.precio_fob} status={vacio(i.precio_fob)} style={{ textAlign: 'right' }}
              onChange={(e) => update(i.key, { precio_fob: e.target.value })} />
          ),
        }]
      : []),
    {
      title: 'SUBTOTAL',
      key: 'importe',
      width: 120,
      align: 'right',
      render: (_, __, idx) => <span style={{ whiteSpace: 'nowrap' }}>{importes?.[idx] !== undefined ? formatAmount(importes[idx]) : '-'}</span>,
    },
    {
      title: 'OBS.',
      key: 'observacion',
      width: 170,
      render: (_, i, idx) => (
        <Input aria-label={`Observación línea ${idx + 1}`} value={i.observacion} count={limite(500)} onChange={(e) => update(i.key, { observacion: e.target.value })} />
      ),
    },
    {
      title: '',
      key: 'quitar',
      width: 50,
      align: 'center',
      render: (_, i, idx) => (
        <Tooltip title="Quitar">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar línea ${idx + 1}`} onClick={() => onChange(items.filter((x) => x.key !== i.key))} />
        </Tooltip>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select<number>
          aria-label="Buscar producto"
          placeholder="Buscar producto del catálogo"
          style={{ minWidth: 360, flex: 1, maxWidth: 560 }}
          value={null}
          showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
          loading={busqueda.isFetching}
          notFoundContent={texto.trim() ? (busqueda.isFetching ? 'Buscando...' : 'No se encontraron productos') : 'Escriba el nombre del producto'}
          options={productos.map((p) => ({ value: p.prv_id, label: `${p.prv_nombre}${p.mar_nombre ? ` - ${p.mar_nombre}` : ''} (${p.unm_simbolo})` }))}
          onSelect={(id: number) => {
            const p = productos.find((x) => x.prv_id === id);
            if (p) agregarProducto(p);
            setTexto('');
          }}
        />
        <Button icon={<PlusOutlined />} onClick={() => onChange([...items, emptyItem()])}>
          Agregar línea libre
        </Button>
      </Flex>
      <Table<ItemForm>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={items}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Productos de la orden"
        locale={{ emptyText: 'Agregue productos del catálogo o una línea libre' }}
      />
    </Flex>
  );
}
