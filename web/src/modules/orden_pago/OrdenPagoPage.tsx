import {
  ArrowLeftOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, DollarOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PaperClipOutlined,
  PlusOutlined, SendOutlined,
} from '@ant-design/icons';
import { ORDEN_PAGO_MSG, opgAccionesPermitidas, type OpgAccion, type OrdenCompraPago, type OrdenPagoRow } from '@obra/domain';
import { App, Button, Card, Descriptions, Flex, Result, Table, Tooltip, type DescriptionsProps, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAccessProfile, useSession } from '../../app/session';
import { formatAmount, formatDate, formatMoney, formatRate } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../ui/toast';
import { AdjuntarModal } from './AdjuntarModal';
import {
  useAprobarOrdenPago, useDesaprobarOrdenPago, useDescargarDocumento, useEliminarOrdenPago, useOrdenCompraPago, useOrdenesPago, useSolicitarAprobacion,
} from './api';
import { DepositoModal } from './DepositoModal';
import { OrdenPagoModal, type ModoOrdenPago } from './OrdenPagoModal';

type Popup =
  | { kind: 'form'; modo: ModoOrdenPago; opgId: number | null }
  | { kind: 'deposito'; row: OrdenPagoRow }
  | { kind: 'adjuntar'; row: OrdenPagoRow }
  | null;

const positive = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The caller's roles, option codes and id, for the same rules the server applies (the server checks them again). */
function usePerfil() {
  return { ...useAccessProfile(), usuId: useSession()?.id_usuario ?? 0 };
}

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
  const perfil = usePerfil();
  const { modal } = App.useApp();
  const directa = (params.interfaz === 'ver' || params.interfaz === 'modificar') && positive(params.opg_id);
  const [popup, setPopup] = useState<Popup>(directa ? { kind: 'form', modo: params.interfaz as ModoOrdenPago, opgId: positive(params.opg_id) } : null);

  const solicitar = useSolicitarAprobacion();
  const aprobar = useAprobarOrdenPago();
  const desaprobar = useDesaprobarOrdenPago();
  const eliminar = useEliminarOrdenPago();
  const descargar = useDescargarDocumento();

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

  const closePopup = () => {
    setPopup(null);
    // A popup opened from the long path leaves the list at the short one.
    if (params.interfaz) void navigate(`/ordenPago/${ordId}`, { replace: true });
  };

  /** Asks the spec's question, then calls; a refusal was already toasted by the query cache. */
  const confirmar = (title: string, okText: string, call: () => Promise<{ message: string }>, danger = false) =>
    modal.confirm({
      title,
      okText,
      cancelText: 'Cancelar',
      okButtonProps: { danger },
      autoFocusButton: 'cancel',
      onOk: () => call().then((r) => toast.success(r.message), () => undefined),
    });

  const actions: Record<OpgAccion | 'ver' | 'descargar', { label: string; icon: ReactNode; run: (r: OrdenPagoRow) => void }> = {
    ver: { label: 'Ver', icon: <EyeOutlined />, run: (r) => setPopup({ kind: 'form', modo: 'ver', opgId: r.opg_id }) },
    modificar: { label: 'Modificar', icon: <EditOutlined />, run: (r) => setPopup({ kind: 'form', modo: 'modificar', opgId: r.opg_id }) },
    solicitar_aprobacion: {
      label: 'Solicitar aprobación', icon: <SendOutlined />,
      run: (r) => confirmar(ORDEN_PAGO_MSG.confirmarSolicitar, 'Solicitar', () => solicitar.mutateAsync(r.opg_id)),
    },
    aprobar: {
      label: 'Aprobar', icon: <CheckOutlined />,
      run: (r) => confirmar(ORDEN_PAGO_MSG.confirmarAprobar, 'Aprobar', () => aprobar.mutateAsync({ opg_id: r.opg_id, opg_aprobador: perfil.usuId })),
    },
    desaprobar: {
      label: 'Desaprobar', icon: <CloseOutlined />,
      run: (r) => confirmar(ORDEN_PAGO_MSG.confirmarDesaprobar, 'Desaprobar', () => desaprobar.mutateAsync(r.opg_id), true),
    },
    eliminar: {
      label: 'Eliminar', icon: <DeleteOutlined />,
      run: (r) => confirmar(ORDEN_PAGO_MSG.confirmarEliminar, 'Eliminar', () => eliminar.mutateAsync(r.opg_id), true),
    },
    adjuntar: { label: 'Adjuntar documento', icon: <PaperClipOutlined />, run: (r) => setPopup({ kind: 'adjuntar', row: r }) },
    descargar: { label: 'Descargar documento', icon: <DownloadOutlined />, run: (r) => descargar.mutate(r) },
    depositar: { label: 'Depositar', icon: <DollarOutlined />, run: (r) => setPopup({ kind: 'deposito', row: r }) },
  };
  const ORDER: (keyof typeof actions)[] = ['ver', 'modificar', 'solicitar_aprobacion', 'aprobar', 'desaprobar', 'eliminar', 'adjuntar', 'descargar', 'depositar'];

  const botones = (r: OrdenPagoRow) => {
    const allowed = new Set<string>(['ver', ...opgAccionesPermitidas(r.opg_estado, r.ore_id, perfil), ...(r.opg_archivo_nombre ? ['descargar'] : [])]);
    return (
      <Flex gap={2} justify="center">
        {ORDER.filter((k) => allowed.has(k)).map((k) => (
          <Tooltip key={k} title={actions[k].label}>
            <Button type="text" size="small" icon={actions[k].icon} aria-label={`${actions[k].label} N° ${r.opg_numero}`} onClick={() => actions[k].run(r)} />
          </Tooltip>
        ))}
      </Flex>
    );
  };

  const money = (v: string, r: OrdenPagoRow) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.mon_simbolo, v)}</span>;
  const columns: TableColumnsType<OrdenPagoRow> = [
    { title: 'N°', dataIndex: 'opg_numero', width: 50, align: 'center' },
    { title: 'Descripción', dataIndex: 'opg_descripcion', width: 170, ellipsis: { showTitle: true } },
    { title: 'Fecha programada', dataIndex: 'opg_fecha_pago_programado', width: 105, render: (d: string) => formatDate(d) },
    { title: 'Total', dataIndex: 'opg_total', width: 110, align: 'right', render: money },
    { title: 'Detracción', dataIndex: 'opg_detraccion', width: 100, align: 'right', render: money },
    { title: 'Pago', dataIndex: 'opg_pago', width: 110, align: 'right', render: money },
    { title: 'Estado', dataIndex: 'edo_nombre', width: 105, render: (n: string, r) => <StatusTag text={n} color={r.edo_styles || 'default'} /> },
    { title: 'Creado por', dataIndex: 'opg_creador_nombre', width: 135, ellipsis: { showTitle: true } },
    { title: 'Aprobado por', dataIndex: 'opg_aprobador_nombre', width: 135, ellipsis: { showTitle: true }, render: (n: string | null) => n ?? '-' },
    { title: 'Opciones', key: 'opciones', width: 205, align: 'center', fixed: 'right', render: (_, r) => botones(r) },
  ];

  return (
    <>
      <PageHeader
        title={o ? `Órdenes de Pago: ${o.ord_code}` : 'Órdenes de Pago'}
        extra={
          <Flex gap={8}>
            {back}
            {o?.puede_registrar && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setPopup({ kind: 'form', modo: 'registrar', opgId: null })}>
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
          scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) }}
          tableLayout="fixed"
          aria-label="Órdenes de pago"
          locale={{ emptyText: pagos.data ? 'La orden no tiene órdenes de pago' : ' ' }}
        />
      </Flex>
      {o && popup?.kind === 'form' && <OrdenPagoModal modo={popup.modo} orden={o} opgId={popup.opgId} onClose={closePopup} />}
      {popup?.kind === 'deposito' && <DepositoModal row={popup.row} onClose={closePopup} />}
      {popup?.kind === 'adjuntar' && <AdjuntarModal row={popup.row} onClose={closePopup} />}
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
