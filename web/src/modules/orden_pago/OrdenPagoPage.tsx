import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDEN_PAGO_MSG, type OrdenCompraPago, type OrdenPagoRow } from '@obra/domain';
import { Button, Card, Descriptions, Flex, Result, Table, type DescriptionsProps, type TableColumnsType } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { textColumn } from '../../ui/CellText';
import { formatAmount, formatDate, formatMoney, formatRate } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { RowActions, rowActionsWidth } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { useOrdenCompraPago, useOrdenesPago } from './api';
import { depositoColumna, estadoColumna, montoColumna } from './columnas';
import type { ModoOrdenPago } from './OrdenPagoModal';
import { useOrdenPagoAcciones } from './useOrdenPagoAcciones';

const positive = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** Widths that fit at 1366 px (1318 px of table): the description takes what is left and cuts, whole on hover. */
const COLUMNS: TableColumnsType<OrdenPagoRow> = [
  { title: 'N°', dataIndex: 'opg_numero', width: 48, align: 'center' },
  textColumn<OrdenPagoRow>('Descripción', 'opg_descripcion'),
  { title: 'Fecha prog.', dataIndex: 'opg_fecha_pago_programado', width: 96, render: (d: string) => formatDate(d) },
  montoColumna('Total', 'opg_total'),
  montoColumna('Detracción', 'opg_detraccion', 104),
  montoColumna('Pago', 'opg_pago'),
  estadoColumna,
  textColumn<OrdenPagoRow>('Creado por', 'opg_creador_nombre', { width: 124 }),
  textColumn<OrdenPagoRow>('Aprobado por', 'opg_aprobador_nombre', { width: 124 }),
  depositoColumna,
];
const MIN_WIDTH = 1180;

/**
 * Spec 1 §2.13 /ordenPago/:ord_id (and /ordenPago/:ord_id/:interfaz/:opg_id, which opens the
 * 'ver' or 'modificar' popup of that payment order): the purchase order's balance and its payment
 * orders, with the actions the state machine and the caller's options allow.
 */
export function OrdenPagoPage() {
  const params = useParams();
  const navigate = useNavigate();
  const ordId = positive(params.ord_id);
  const orden = useOrdenCompraPago(ordId);
  const pagos = useOrdenesPago(ordId);
  const directa = (params.interfaz === 'ver' || params.interfaz === 'modificar') && ordId !== null && positive(params.opg_id);
  // A popup opened from the long path leaves the list at the short one.
  const { acciones, popups, abrir } = useOrdenPagoAcciones(
    directa ? { kind: 'form', modo: params.interfaz as ModoOrdenPago, ordId, opgId: positive(params.opg_id) } : null,
    () => {
      if (params.interfaz) void navigate(`/ordenPago/${ordId}`, { replace: true });
    },
  );

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(ordId ? `/orden/view/${ordId}` : '/orden')}>
      Regresar
    </Button>
  );
  if (ordId === null || orden.isError) {
    return (
      <>
        <PageHeader title="Órdenes de Pago" />
        <Result status="warning" title={ORDEN_PAGO_MSG.ordenNotFound} extra={back} />
      </>
    );
  }
  const o = orden.data;
  const mostActions = Math.max(0, ...(pagos.data ?? []).map((r) => acciones(r).filter((a) => !a.hidden).length));
  const columns: TableColumnsType<OrdenPagoRow> = [
    ...COLUMNS,
    {
      title: 'Acciones', key: 'acciones', align: 'center', fixed: 'right', width: Math.max(96, rowActionsWidth(mostActions)),
      render: (_, r) => <RowActions name={`N° ${r.opg_numero}`} actions={acciones(r)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={o ? `Órdenes de Pago: ${o.ord_code}` : 'Órdenes de Pago'}
        extra={
          <Flex gap={8}>
            {back}
            {o?.puede_registrar && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => abrir({ kind: 'form', modo: 'registrar', ordId, opgId: null })}>
                Agregar
              </Button>
            )}
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        {o && <Cabecera o={o} />}
        <Table<OrdenPagoRow>
          rowKey="opg_id"
          size="middle"
          columns={columns}
          dataSource={pagos.data}
          pagination={false}
          scroll={{ x: MIN_WIDTH }}
          tableLayout="fixed"
          aria-label="Órdenes de pago"
          locale={{ emptyText: pagos.data ? 'La orden no tiene órdenes de pago' : ' ' }}
        />
      </Flex>
      {popups}
    </>
  );
}

/** The purchase order as seen by payment orders (spec 1 §3): code, cost centre, supplier, total, detracción, balance. */
function Cabecera({ o }: { o: OrdenCompraPago }) {
  const sym = o.mon_simbolo;
  const items: DescriptionsProps['items'] = [
    { key: 'codigo', label: o.ord_tipo_orden_descripcion, children: o.ord_code },
    { key: 'estado', label: 'Estado', children: <StatusTag text={o.ore_descripcion} color={o.ore_styles || 'default'} /> },
    { key: 'cec', label: 'Centro de costo', children: o.cec_descripcion },
    { key: 'pve', label: 'Proveedor', children: o.pve_razon_social },
    { key: 'coc', label: 'Condición comercial', children: o.coc_descripcion },
    { key: 'log', label: 'Logística', children: o.ord_usu_logistica },
    { key: 'total', label: 'Total con IGV', children: formatMoney(sym, o.ord_monto_cigv) },
    { key: 'detr', label: 'Detracción', children: `${formatRate(o.ori_detraccion)}% (${formatMoney(sym, o.ori_detraccion_aplicado)})` },
    { key: 'saldo', label: 'Saldo', children: <span data-testid="opg-saldo">{`${formatMoney(sym, o.opg_saldo)} (${formatAmount(o.opg_saldo_porcentaje)}%)`}</span> },
    { key: 'depositado', label: 'Depositado', children: formatMoney(sym, o.opg_depositado) },
    { key: 'ref', label: 'Referencia', children: o.ord_referencia, span: 'filled' },
  ];
  return (
    <Card size="small" title="Orden">
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={items} styles={{ label: { whiteSpace: 'nowrap' } }} />
    </Card>
  );
}
