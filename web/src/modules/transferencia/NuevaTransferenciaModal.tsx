import { DeleteOutlined } from '@ant-design/icons';
import {
  INVENTARIO_MSG, TFI_TIPO, TRANSFERENCIA_MSG, TransferenciaRegistrar, exigeDocProveedor, limaDate, type OrdenParaTransferencia, type ProductoTransferencia,
  type InventarioRapidoRow,
} from '@obra/domain';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormListTable } from '../../ui/FormListTable';
import { FormModal } from '../../ui/FormModal';
import { hasta, limite, noNegativo, NumberInput, positivo } from '../../ui/inputs';
import { FECHA_FORMATOS, formatDecimal } from '../../ui/format';
import { toast } from '../../base/toast';
import { useDebounced } from '../../ui/useDebounced';
import { useAlmacenes, WarehouseSelect } from '../../ui/WarehouseSelect';
import { buscarOrdenes, buscarProductos, buscarStock, useOrdenDetalleTransferencia, useRegistrarTransferencia } from './api';
import { DocProveedorFields, docProveedorPayload, docProveedorValores, type DocProveedorValues } from './DocProveedorFields';

/** A line as the form holds it: what it shows beside the fields it sends. */
interface Linea {
  prv_id: number;
  prv_nombre: string;
  prv_item: number;
  unm_simbolo: string;
  oci_id?: number;
  pal_id?: number;
  /** Order lines: the ordered quantity and what is left to transfer. */
  oci_cantidad?: string;
  saldo?: string;
  /** Between warehouses: the stock of the origin row. */
  disponible?: string;
  tid_cantidad: string | null;
  pal_numero_serie: string;
  /** External purchase: the unit cost in soles without IGV for the valued kardex (empty: at the warehouse's average). */
  tid_costo_unitario?: string | null;
}

interface Values extends DocProveedorValues {
  ord_id: number | null;
  alm_origen: number | null;
  alm_destino: number | null;
  tfi_fecha_estimada_llegada: Dayjs | null;
  tfi_guia_remision: string;
  tfi_notas: string;
  detalle: Linea[];
}

const TITULO: Record<1 | 2 | 3, string> = {
  1: 'Nueva Transferencia: Orden Compra',
  2: 'Nueva Transferencia: Entre Almacenes',
  3: 'Nueva Transferencia: Compra Externa',
};

const cell = { style: { marginBottom: 0 } };
/** An external purchase's stock enters on registration: the screen asks for the supplier's document then (PLE 12.1). */
const compraConDocumento = exigeDocProveedor(TransferenciaRegistrar, 'transferencia_items', (p) => p.transferencia_items.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA);
const esCero = (v: string | null | undefined) => !v || Number(v) === 0;

interface Props {
  tipo: 1 | 2 | 3;
  /** The order view's 'Generar Transferencia': the order chosen already. */
  orden?: { ord_id: number; ord_codigo: string };
  onClose: () => void;
}

/**
 * The three registration popups (spec 2 §2, §5): order-based (order search, lines defaulting to the
 * remaining balance and disabled at 0), external purchase (product quick search, serial per unit of a
 * serialised product, and the supplier's document it came with) and between warehouses (stock of the origin,
 * available shown); new lines start at 1, the arrival date at today (Lima). The server checks everything again.
 */
export function NuevaTransferenciaModal({ tipo, orden, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const registrar = useRegistrarTransferencia();
  const ordId = Form.useWatch('ord_id', form) ?? orden?.ord_id ?? null;
  const origen = Form.useWatch('alm_origen', form) ?? null;
  const origenNombre = useAlmacenes().data?.almacenes.find((a) => a.alm_id === origen)?.alm_nombre ?? 'el almacén de origen';
  const lineas = (Form.useWatch('detalle', { form, preserve: true }) ?? []) as Linea[];
  const detalleOrden = useOrdenDetalleTransferencia(tipo === TFI_TIPO.ORDEN_COMPRA ? ordId : null);

  // An order chosen: its items, each defaulting to its remaining balance.
  useEffect(() => {
    const d = detalleOrden.data;
    if (!d || tipo !== TFI_TIPO.ORDEN_COMPRA) return;
    form.setFieldValue('detalle', d.detalle.filter((i) => i.prv_id !== null).map((i): Linea => ({
      prv_id: i.prv_id!, prv_nombre: i.prv_nombre ?? i.oci_descripcion, prv_item: i.prv_item, unm_simbolo: i.unm_simbolo, oci_id: i.oci_id,
      oci_cantidad: i.oci_cantidad, saldo: i.oci_saldo_transferencia, tid_cantidad: esCero(i.oci_saldo_transferencia) ? null : i.oci_saldo_transferencia, pal_numero_serie: '',
    })));
  }, [detalleOrden.data, form, tipo]);
  const sinProducto = detalleOrden.data?.detalle.filter((i) => i.prv_id === null) ?? [];

  const agregar = (l: Linea) => {
    const repetido = tipo === TFI_TIPO.ENTRE_ALMACENES ? lineas.some((x) => x.pal_id === l.pal_id) : l.prv_item !== 1 && lineas.some((x) => x.prv_id === l.prv_id);
    if (repetido) {
      toast.error(TRANSFERENCIA_MSG.productoAgregado);
      return;
    }
    form.setFieldValue('detalle', [...lineas, l]);
  };

  const toPayload = (v: Values) => ({
    transferencia_items: {
      tfi_tipo: tipo,
      ord_id: tipo === TFI_TIPO.ORDEN_COMPRA ? v.ord_id ?? orden?.ord_id ?? null : null,
      alm_origen: tipo === TFI_TIPO.ENTRE_ALMACENES ? v.alm_origen : null,
      alm_destino: v.alm_destino ?? undefined,
      tfi_fecha_estimada_llegada: v.tfi_fecha_estimada_llegada?.format('YYYY-MM-DD'),
      tfi_guia_remision: v.tfi_guia_remision,
      tfi_notas: v.tfi_notas,
      ...(tipo === TFI_TIPO.COMPRA_EXTERNA ? docProveedorPayload(v) : {}),
      // Order lines left at 0 (or with nothing left) are not part of this transfer.
      detalle: (v.detalle ?? [])
        .filter((l) => tipo !== TFI_TIPO.ORDEN_COMPRA || !esCero(l.tid_cantidad))
        .map((l) => ({
          prv_id: l.prv_id, oci_id: l.oci_id ?? null, pal_id: l.pal_id ?? null, tid_cantidad: l.tid_cantidad ?? '', pal_numero_serie: l.pal_numero_serie,
          ...(tipo === TFI_TIPO.COMPRA_EXTERNA ? { tid_costo_unitario: l.tid_costo_unitario ?? null } : {}),
        })),
    },
  });

  /** A line's range, with the server's words: never clamped, the field says why (issue 24). */
  const reglas = (l: Linea | undefined) => [
    tipo === TFI_TIPO.ORDEN_COMPRA ? noNegativo(TRANSFERENCIA_MSG.cantidad) : positivo(TRANSFERENCIA_MSG.cantidad),
    l?.saldo !== undefined
      ? hasta(l.saldo, TRANSFERENCIA_MSG.excedeSaldo(l.prv_nombre, formatDecimal(l.saldo)))
      : hasta(l?.disponible, INVENTARIO_MSG.soloHay(l?.disponible ?? '0', origenNombre)),
  ];

  return (
    <FormModal<Values, TransferenciaRegistrar>
      title={TITULO[tipo]}
      width={960}
      form={form}
      initialValues={{
        ord_id: orden?.ord_id ?? null, alm_origen: null, alm_destino: null, tfi_fecha_estimada_llegada: dayjs(limaDate()),
        tfi_guia_remision: '', tfi_notas: '', ...docProveedorValores(null), detalle: [],
      }}
      schema={tipo === TFI_TIPO.COMPRA_EXTERNA ? compraConDocumento : TransferenciaRegistrar}
      toPayload={toPayload}
      at={['transferencia_items']}
      onValuesChange={(changed) => {
        // Another origin: its stock rows no longer apply.
        if ('alm_origen' in changed) form.setFieldValue('detalle', []);
      }}
      onSave={(body) => registrar.mutateAsync(body)}
      onClose={onClose}
    >
      {tipo === TFI_TIPO.ORDEN_COMPRA && (
        orden
          ? <Typography.Paragraph><strong>Orden:</strong> {orden.ord_codigo}</Typography.Paragraph>
          : <Form.Item name="ord_id" label="Orden de compra" required><OrdenSearch /></Form.Item>
      )}
      <Row gutter={16}>
        {tipo === TFI_TIPO.ENTRE_ALMACENES && (
          <Col xs={24} md={12}>
            <Form.Item name="alm_origen" label="Almacén origen" required>
              <WarehouseSelect style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <Form.Item name="alm_destino" label="Almacén destino" required>
            <WarehouseSelect style={{ width: '100%' }} exclude={origen ? [origen] : undefined} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="tfi_fecha_estimada_llegada" label="Fecha estimada de llegada" required>
            <DatePicker format={FECHA_FORMATOS} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="tfi_guia_remision" label="Guía de remisión">
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="tfi_notas" label="Notas">
            <Input.TextArea count={limite(500)} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Col>
      </Row>
      {tipo === TFI_TIPO.COMPRA_EXTERNA && <DocProveedorFields />}
      {tipo === TFI_TIPO.COMPRA_EXTERNA && (
        <Form.Item label="Agregar producto" htmlFor="tfi-buscar-producto">
          <QuickSearch<ProductoTransferencia>
            id="tfi-buscar-producto"
            clave={[]}
            placeholder="Escriba el nombre del producto"
            buscar={(texto) => buscarProductos(texto)}
            valueOf={(p) => p.prv_id}
            labelOf={(p) => `${p.prv_nombre} (${p.unm_simbolo})${p.prv_item === 1 ? ' · con serie' : ''}`}
            onPick={(p) => agregar({ prv_id: p.prv_id, prv_nombre: p.prv_nombre, prv_item: p.prv_item, unm_simbolo: p.unm_simbolo, tid_cantidad: '1', pal_numero_serie: '' })}
          />
        </Form.Item>
      )}
      {tipo === TFI_TIPO.ENTRE_ALMACENES && (
        <Form.Item label="Agregar producto del almacén de origen" htmlFor="tfi-buscar-stock">
          <QuickSearch<InventarioRapidoRow>
            id="tfi-buscar-stock"
            clave={[origen]}
            disabled={!origen}
            placeholder={origen ? 'Escriba el nombre del producto o la serie' : 'Seleccione primero el almacén de origen'}
            buscar={(texto) => buscarStock(origen!, texto)}
            valueOf={(s) => s.pal_id}
            labelOf={(s) => `${s.prv_nombre}${s.pal_numero_serie ? ` · serie ${s.pal_numero_serie}` : ''} — disponible ${formatDecimal(s.pal_stock)} ${s.unm_simbolo}`}
            onPick={(s) => agregar({
              prv_id: s.prv_id, prv_nombre: s.prv_nombre, prv_item: s.prv_item, unm_simbolo: s.unm_simbolo, pal_id: s.pal_id, disponible: s.pal_stock,
              tid_cantidad: '1', pal_numero_serie: s.pal_numero_serie,
            })}
          />
        </Form.Item>
      )}
      {sinProducto.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Sin producto del catálogo, no ingresan a almacén: ${sinProducto.map((i) => i.oci_descripcion).join(', ')}`}
        />
      )}
      <FormListTable
        name="detalle"
        loading={tipo === TFI_TIPO.ORDEN_COMPRA && detalleOrden.isFetching}
        locale={{ emptyText: tipo === TFI_TIPO.ORDEN_COMPRA ? 'Busque y seleccione una orden' : 'Agregue al menos un producto' }}
        scroll={{ y: 300 }}
        columns={({ remove }) => [
          { title: 'Producto', render: (_, f) => lineas[f.name]?.prv_nombre },
          { title: 'UND', width: 60, render: (_, f) => lineas[f.name]?.unm_simbolo },
          ...(tipo === TFI_TIPO.ORDEN_COMPRA
            ? [
                { title: 'Cant. orden', width: 100, align: 'right' as const, render: (_: unknown, f: { name: number }) => formatDecimal(lineas[f.name]?.oci_cantidad) },
                { title: 'Saldo', width: 90, align: 'right' as const, render: (_: unknown, f: { name: number }) => formatDecimal(lineas[f.name]?.saldo) },
              ]
            : []),
          ...(tipo === TFI_TIPO.ENTRE_ALMACENES
            ? [{ title: 'Disponible', width: 100, align: 'right' as const, render: (_: unknown, f: { name: number }) => formatDecimal(lineas[f.name]?.disponible) }]
            : []),
          {
            title: 'Cantidad',
            width: 130,
            render: (_, f, i) => {
              const l = lineas[f.name];
              const unidad = l?.prv_item === 1 && tipo !== TFI_TIPO.ORDEN_COMPRA;
              return (
                <Form.Item {...cell} name={[f.name, 'tid_cantidad']} rules={reglas(l)}>
                  <NumberInput aria-label={`Cantidad ${i + 1}`} disabled={(l?.saldo !== undefined && esCero(l.saldo)) || unidad} />
                </Form.Item>
              );
            },
          },
          ...(tipo === TFI_TIPO.COMPRA_EXTERNA
            ? [{
                // Valued kardex (docs/business-rules.md "Kardex valorizado"): optional; empty enters at the warehouse's average.
                title: <Tooltip title="Costo unitario en soles sin IGV; vacío: al costo promedio del almacén">Costo unit. (S/)</Tooltip>,
                width: 130,
                render: (_: unknown, f: { name: number }, i: number) => (
                  <Form.Item {...cell} name={[f.name, 'tid_costo_unitario']}>
                    <NumberInput aria-label={`Costo unitario ${i + 1}`} />
                  </Form.Item>
                ),
              }]
            : []),
          ...(tipo !== TFI_TIPO.ORDEN_COMPRA
            ? [{
                title: 'N° serie',
                width: 150,
                render: (_: unknown, f: { name: number }, i: number) => (
                  <Form.Item {...cell} name={[f.name, 'pal_numero_serie']}>
                    <Input aria-label={`Serie ${i + 1}`} maxLength={60} disabled={tipo === TFI_TIPO.ENTRE_ALMACENES || lineas[f.name]?.prv_item !== 1} />
                  </Form.Item>
                ),
              },
              {
                title: '',
                width: 48,
                render: (_: unknown, f: { name: number }, i: number) => (
                  <Tooltip title="Quitar">
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar línea ${i + 1}`} onClick={() => remove(f.name)} />
                  </Tooltip>
                ),
              }]
            : []),
        ]}
      />
    </FormModal>
  );
}

/** The order search of the order popup: text required ('Debe ingresar alguna referencia de la orden'), Enter searches. */
function OrdenSearch({ value, onChange }: { value?: number | null; onChange?: (v: number | null) => void }) {
  const [ordenes, setOrdenes] = useState<OrdenParaTransferencia[] | null>(null);
  const [cargando, setCargando] = useState(false);
  const buscar = async (texto: string) => {
    if (!texto.trim()) {
      toast.error(TRANSFERENCIA_MSG.referenciaOrden);
      return;
    }
    setCargando(true);
    try {
      const found = await buscarOrdenes(texto.trim());
      setOrdenes(found);
      if (found.length === 1) onChange?.(found[0].ord_id);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setCargando(false);
    }
  };
  return (
    <Row gutter={8}>
      <Col xs={24} md={10}>
        <Input.Search
          aria-label="Buscar orden"
          placeholder="Código, referencia o proveedor"
          enterButton="Buscar"
          loading={cargando}
          onSearch={(t) => void buscar(t)}
          // Enter inside the popup's form searches instead of saving it.
          onPressEnter={(e) => e.preventDefault()}
        />
      </Col>
      <Col xs={24} md={14}>
        <Select<number>
          aria-label="Orden"
          value={value ?? undefined}
          onChange={(v) => onChange?.(v ?? null)}
          placeholder={ordenes === null ? 'Busque la orden' : ordenes.length ? `${ordenes.length} orden(es) encontradas` : 'No se encontraron órdenes'}
          options={(ordenes ?? []).map((o) => ({ value: o.ord_id, label: `${o.ord_codigo} · ${o.pve_razon_social} · ${o.ore_descripcion}` }))}
          style={{ width: '100%' }}
          popupMatchSelectWidth={false}
        />
      </Col>
    </Row>
  );
}

interface QuickSearchProps<T> {
  id: string;
  placeholder: string;
  disabled?: boolean;
  /** What the results depend on besides the text (the origin warehouse). */
  clave: unknown[];
  buscar: (texto: string) => Promise<T[]>;
  valueOf: (item: T) => number;
  labelOf: (item: T) => string;
  onPick: (item: T) => void;
}

/** A type-to-search select that adds the picked item and clears itself. */
function QuickSearch<T>({ id, placeholder, disabled, clave, buscar, valueOf, labelOf, onPick }: QuickSearchProps<T>) {
  const [texto, setTexto] = useState('');
  const settled = useDebounced(texto, 300);
  const query = useQuery({ queryKey: ['transferencia', 'busqueda', id, ...clave, settled], queryFn: () => buscar(settled), enabled: !disabled, staleTime: 30_000 });
  const items = query.data ?? [];
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
      value={null}
      disabled={disabled}
      placeholder={placeholder}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? 'Buscando…' : 'Sin resultados'}
      options={items.map((i) => ({ value: valueOf(i), label: labelOf(i) }))}
      onSelect={(v) => {
        const item = items.find((i) => valueOf(i) === v);
        if (item) onPick(item);
        setTexto('');
      }}
      style={{ width: '100%' }}
    />
  );
}
