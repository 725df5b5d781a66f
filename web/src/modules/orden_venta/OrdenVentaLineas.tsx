import { DeleteOutlined } from '@ant-design/icons';
import { ENV_FRECUENCIA_DEFECTO, ORDEN_VENTA_MSG, PVT_MSG, decimalMenorIgual, ventaTotales, type ProductoVentaRow, type VentaLineaMontos } from '@obra/domain';
import { Button, Flex, Input, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatAmount, formatDecimal, formatMoney } from '../../ui/format';
import { toast } from '../../base/toast';
import { useProductosRapido } from './api';
import { OrdenVentaBuscador } from './OrdenVentaBuscador';

/** One line as the popup edits it; price and quantity stay the typed texts (spec 3 §5: free text). */
export interface LineaForm {
  pvt_id: number;
  ovd_producto: string;
  unm_simbolo: string;
  /** The product's maximum and minimum prices without IGV, shown beside the price. */
  pvt_precio: string;
  pvt_precio_minimo: string;
  ovd_precio: string;
  ovd_cantidad: string;
  env_frecuencia: number;
}

const PRECIO = /^\d{1,12}(\.\d{1,2})?$/;
const CANTIDAD = /^\d{1,10}(\.\d{1,4})?$/;
const valida = (l: LineaForm) => PRECIO.test(l.ovd_precio.trim()) && CANTIDAD.test(l.ovd_cantidad.trim()) && !decimalMenorIgual(l.ovd_cantidad.trim(), '0');
const entrada = (l: LineaForm) => ({ ovd_precio: l.ovd_precio.trim(), ovd_cantidad: l.ovd_cantidad.trim() });

/**
 * Amounts of each line and of the order with the domain's `ventaTotales`, the function the server
 * re-runs on save; a line whose price or quantity is not a number yet has none, and then neither has the order.
 */
export function montosDe(lineas: readonly LineaForm[]) {
  const porLinea: (VentaLineaMontos | null)[] = lineas.map((l) => (valida(l) ? ventaTotales([entrada(l)]).lineas[0] : null));
  const orden = lineas.every(valida) ? ventaTotales(lineas.map(entrada)) : null;
  return { porLinea, orden };
}

/** The price is below the product's minimum: shown, not enforced here (spec 3 §5); the server refuses it. */
const bajoMinimo = (l: LineaForm) => PRECIO.test(l.ovd_precio.trim()) && !decimalMenorIgual(l.pvt_precio_minimo, l.ovd_precio.trim());

/** A product found by the search, as a new line: its minimum price and quantity 1 (spec 3 §5). */
export const lineaDe = (p: ProductoVentaRow): LineaForm => ({
  pvt_id: p.pvt_id, ovd_producto: p.pvt_nombre, unm_simbolo: p.unm_simbolo, pvt_precio: p.pvt_precio, pvt_precio_minimo: p.pvt_precio_minimo,
  ovd_precio: p.pvt_precio_minimo, ovd_cantidad: '1', env_frecuencia: ENV_FRECUENCIA_DEFECTO,
});

const soles = (v: string | null | undefined) => (v ? formatMoney('S/', v) : '-');
const monto = (v: string | undefined) => <span style={{ whiteSpace: 'nowrap' }}>{v === undefined ? '-' : formatAmount(v)}</span>;

interface LineasProps {
  /** A Form.Item passes the lines and takes them back. */
  value?: LineaForm[];
  onChange?: (lineas: LineaForm[]) => void;
  /** The view popup: texts instead of inputs, no search, no remove. */
  readOnly?: boolean;
}

/**
 * The order's lines (spec 3 §2, §5 "Order lines"): a product search that adds a line at the
 * product's minimum price and quantity 1 ('El producto ya ha sido agregado' when repeated), the
 * editable price and quantity, the product's minimum and maximum price, each line's subtotal, IGV
 * and total, and the order's, live.
 */
export function OrdenVentaLineas({ value = [], onChange, readOnly = false }: LineasProps) {
  const { porLinea, orden } = montosDe(value);
  const cambiar = (idx: number, patch: Partial<LineaForm>) => onChange?.(value.map((l, i) => (i === idx ? { ...l, ...patch } : l)));

  const agregar = (p: ProductoVentaRow | null) => {
    if (!p) return;
    if (value.some((l) => l.pvt_id === p.pvt_id)) {
      toast.error(ORDEN_VENTA_MSG.productoRepetido);
      return;
    }
    onChange?.([...value, lineaDe(p)]);
  };

  const celda = (idx: number, campo: 'ovd_precio' | 'ovd_cantidad', etiqueta: string, l: LineaForm) =>
    readOnly ? <span style={{ whiteSpace: 'nowrap' }}>{campo === 'ovd_precio' ? formatAmount(l[campo]) : formatDecimal(l[campo])}</span> : (
      <Input
        aria-label={`${etiqueta} ${l.ovd_producto}`}
        inputMode="decimal"
        autoComplete="off"
        value={l[campo]}
        status={campo === 'ovd_precio' && bajoMinimo(l) ? 'warning' : undefined}
        style={{ textAlign: 'right' }}
        onChange={(e) => cambiar(idx, { [campo]: e.target.value })}
      />
    );

  const columns: TableColumnsType<LineaForm> = [
    { title: 'N°', key: 'n', width: 44, align: 'center', render: (_, __, idx) => idx + 1 },
    { title: 'Producto', dataIndex: 'ovd_producto', render: (t: string) => <Typography.Text>{t}</Typography.Text> },
    { title: 'Und.', dataIndex: 'unm_simbolo', width: 60 },
    { title: 'P. mínimo', dataIndex: 'pvt_precio_minimo', width: 96, align: 'right', render: (v: string) => monto(v) },
    { title: 'P. máximo', dataIndex: 'pvt_precio', width: 96, align: 'right', render: (v: string) => monto(v) },
    {
      title: 'Precio',
      key: 'precio',
      width: 116,
      align: 'right',
      // Always wrapped, only the title changes: a wrapper appearing mid-typing would remount the input and lose the focus.
      render: (_, l, idx) => (
        <Tooltip title={bajoMinimo(l) && !readOnly ? `Menor al precio mínimo ${soles(l.pvt_precio_minimo)}` : undefined}>
          {celda(idx, 'ovd_precio', 'Precio', l)}
        </Tooltip>
      ),
    },
    { title: 'Cantidad', key: 'cantidad', width: 104, align: 'right', render: (_, l, idx) => celda(idx, 'ovd_cantidad', 'Cantidad', l) },
    { title: 'Subtotal', key: 'subtotal', width: 108, align: 'right', render: (_, __, idx) => monto(porLinea[idx]?.ovd_subtotal) },
    { title: 'IGV', key: 'igv', width: 96, align: 'right', render: (_, __, idx) => monto(porLinea[idx]?.ovd_igv) },
    { title: 'Total', key: 'total', width: 108, align: 'right', render: (_, __, idx) => monto(porLinea[idx]?.ovd_total) },
    ...(readOnly ? [] : [{
      title: '',
      key: 'quitar',
      width: 48,
      align: 'center' as const,
      render: (_: unknown, l: LineaForm, idx: number) => (
        <Tooltip title="Quitar">
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Quitar ${l.ovd_producto}`} onClick={() => onChange?.(value.filter((_x, i) => i !== idx))} />
        </Tooltip>
      ),
    }]),
  ];

  return (
    <Flex vertical gap={8}>
      {!readOnly && (
        <OrdenVentaBuscador<ProductoVentaRow>
          ariaLabel="Buscar producto"
          value={null}
          elegido={null}
          useBuscar={useProductosRapido}
          keyOf={(p) => p.pvt_id}
          labelOf={(p) => `${p.pvt_nombre} (${p.unm_simbolo}) - mín. ${soles(p.pvt_precio_minimo)}`}
          vacio={PVT_MSG.busquedaVacia}
          onElegir={agregar}
          placeholder="Buscar producto por nombre"
          notFound="No se encontraron productos"
          style={{ maxWidth: 560 }}
        />
      )}
      <Table<LineaForm>
        rowKey="pvt_id"
        size="small"
        columns={columns}
        dataSource={value}
        pagination={false}
        tableLayout="fixed"
        aria-label="Productos del pedido"
        locale={{ emptyText: readOnly ? 'Sin productos' : 'Busque un producto para agregarlo' }}
      />
      <Flex justify="flex-end">
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 140px', gap: '2px 16px', margin: 0, textAlign: 'right' }} aria-label="Totales del pedido">
          <dt>Subtotal</dt>
          <dd style={{ margin: 0 }} data-testid="ovt-subtotal">{soles(orden?.ovt_subtotal)}</dd>
          <dt>IGV (18%)</dt>
          <dd style={{ margin: 0 }} data-testid="ovt-igv">{soles(orden?.ovt_igv)}</dd>
          <dt><Typography.Text strong>Total</Typography.Text></dt>
          <dd style={{ margin: 0 }} data-testid="ovt-total"><Typography.Text strong>{soles(orden?.ovt_total)}</Typography.Text></dd>
        </dl>
      </Flex>
    </Flex>
  );
}
