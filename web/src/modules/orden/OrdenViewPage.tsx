import { CheckOutlined, CloseOutlined, DollarOutlined, EditOutlined, FilePdfOutlined, GlobalOutlined, MailOutlined, WalletOutlined } from '@ant-design/icons';
import { METODO_PAGO_CARTA_CREDITO, isReadOnly, TIPO_DESCUENTO, type OrdenDetalle, type OrdenHistorialRow } from '@obra/domain';
import { Alert, Button, Card, Descriptions, Flex, Table, Typography, type DescriptionsProps, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { useLookups } from '../../base/lookups';
import { useRoleIds } from '../../base/session';
import { formatAmount, formatDate, formatDecimal, formatRate, fromScaled, sumCents, toScaled } from '../../ui/format';
import { WrapText } from '../../ui/CellText';
import { PageHeader } from '../../ui/PageHeader';
import { StatusTag } from '../../ui/StatusTag';
import { useOrden } from './api';
import { useMotivos } from './estados-api';
import { TIPO_ORDEN_NOMBRE, tituloOrden } from './labels';
import { OrdenArchivos } from './OrdenArchivos';
import { OrdenConciliacion } from './OrdenConciliacion';
import { OrdenMotivo } from './OrdenMotivo';
import { OrdenRechazoModal } from './OrdenRechazoModal';
import { useOrdenAcciones } from './useOrdenAcciones';
import { OrdenNoEncontrada, RegresarAOrdenes } from './OrdenRegresar';
import { useOrdenId } from './useOrdenId';
import { OrdenTransferenciaBotones } from '../transferencia/OrdenTransferenciaBotones';

type Item = OrdenDetalle['orden_items'][number];

const persona = (u: { nombre: string; apellido: string } | null | undefined) => (u ? `${u.nombre} ${u.apellido}`.trim() : '-');
/** An empty text shows as a dash. */
/** A value whole, '-' when empty; a long unbroken text wraps instead of widening the page (issue 24). */
const orDash = (v: string | null | undefined): ReactNode => <WrapText text={v} />;

/**
 * Spec 1 §2.10: the order's header, items, taxes and totals, read-only; at /orden/approve/:id the
 * approval screen: the same detail with 'Aprobar (Gerencia)' or 'Aprobar (Contabilidad)', 'Rechazar'
 * and Regresar, or, when the order does not wait for the caller, the reason on opening (issue 9).
 */
export function OrdenViewPage() {
  const navigate = useNavigate();
  const idOrden = useOrdenId();
  const orden = useOrden(idOrden);
  const aprobacionScreen = useMatch('/orden/approve/:id') !== null;
  const acciones = useOrdenAcciones();
  const motivos = useMotivos(idOrden);
  const [rechazando, setRechazando] = useState(false);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const opciones = useLookups('orden_estados', 'condiciones_comerciales');
  const back = <RegresarAOrdenes />;

  if (idOrden === null || orden.isError || motivos.isError) {
    return <OrdenNoEncontrada title="Orden" />;
  }
  const o = orden.data;
  if (!o || !motivos.data) return <PageHeader title="Orden" />;
  const { aprobar: noAprueba, rechazada } = motivos.data;

  const estilo = opciones.data?.orden_estados.find((e) => e.ore_id === o.estado.id_orden_estado)?.ore_styles ?? 'default';
  const importacion = o.es_importacion === 1;
  const v = acciones.visibles(
    { id_orden_estado: o.estado.id_orden_estado, id_condicion: o.condicion_comercial.id_condicion, es_importacion: o.es_importacion, rechazada },
    'vista',
  );
  // The rejection's comment, for logística: the newest history line that went back to creado from an approval level.
  const rechazo = rechazada ? o.historial.findLast((h) => h.hasta.id_orden_estado === 1 && h.desde !== null) : undefined;
  const sym = o.moneda.simbolo;

  const header: DescriptionsProps['items'] = [
    { key: 'tipo', label: 'Tipo de orden', children: `${TIPO_ORDEN_NOMBRE[o.tipo_orden] ?? o.tipo_orden}${importacion ? ' (importación)' : ''}` },
    { key: 'estado', label: 'Estado', children: <StatusTag text={o.estado.descripcion} color={estilo} /> },
    { key: 'fecha', label: 'Fecha de orden', children: formatDate(o.fecha_orden) },
    { key: 'cec', label: 'Centro de costo', children: `${o.centro_costo.codigo} - ${o.centro_costo.descripcion}` },
    { key: 'pve', label: 'Proveedor', children: `${o.proveedor.razon_social} (RUC ${o.proveedor.ruc})` },
    { key: 'moneda', label: 'Moneda', children: `${o.moneda.descripcion} (${sym})${o.moneda.id_moneda !== 1 && o.ord_tipo_cambio ? ` · T.C. S/ ${formatDecimal(o.ord_tipo_cambio)}` : ''}` },
    { key: 'base', label: 'Base imponible', children: `${sym} ${formatAmount(o.monto_sin_impuesto)}` },
    {
      key: 'coc',
      label: 'Condición comercial',
      children: `${o.condicion_comercial.descripcion}${o.ord_porcentaje_adelanto ? ` (adelanto ${formatDecimal(o.ord_porcentaje_adelanto)}%)` : ''}`,
    },
    { key: 'mep', label: 'Método de pago', children: o.metodo_pago.descripcion },
    ...(o.metodo_pago.id_metodo === METODO_PAGO_CARTA_CREDITO ? [{ key: 'carta', label: 'Carta de crédito', children: orDash(o.carta_credito) }] : []),
    ...(importacion ? [{ key: 'pais', label: 'País de origen', children: orDash(o.pais?.nombre) }] : []),
    { key: 'tid', label: 'Tipo de documento', children: o.tipo_documento.descripcion },
    { key: 'doc', label: 'N° de documento', children: orDash(o.ord_numero_documento) },
    { key: 'fpago', label: 'Fecha de pago', children: formatDate(o.fecha_pago) },
    { key: 'lugar', label: 'Lugar de entrega', children: o.lugar_entrega, span: 2 },
    { key: 'log', label: 'Logística', children: persona(o.logistica) },
    { key: 'con', label: 'Contabilidad', children: persona(o.contabilidad) },
    { key: 'adm', label: 'Administración', children: persona(o.administrador) },
    { key: 'ger', label: 'Gerencia', children: persona(o.gerencia) },
    { key: 'reg', label: 'Registrado por', children: `${persona(o.registrador)}, ${formatDate(o.fecha_registro, true)}` },
    { key: 'apg', label: 'Aprobación Gerencia', children: aprobacion(o.aprobacion_gerencia) },
    { key: 'apc', label: 'Aprobación Contabilidad', children: aprobacion(o.aprobacion_contabilidad) },
    { key: 'ref', label: 'Referencia', children: o.referencia, span: 'filled' },
    { key: 'refdet', label: 'Detalle de la referencia', children: orDash(o.referencia_detalle), span: 'filled' },
    { key: 'obs', label: 'Observación', children: orDash(o.observacion), span: 'filled' },
  ];

  const columns: TableColumnsType<Item> = [
    { title: 'N°', dataIndex: 'oci_orden', width: 50, align: 'center' },
    { title: 'Marca', key: 'marca', width: 130, render: (_, i) => (i.marca.id_marca === 0 ? '-' : i.marca.descripcion) },
    { title: 'Descripción', dataIndex: 'descripcion', render: (v: string) => orDash(v) },
    { title: 'UND', key: 'unidad', width: 70, render: (_, i) => i.unidad.simbolo },
    { title: 'CANT.', dataIndex: 'cantidad', width: 90, align: 'right', render: (v: string) => formatDecimal(v) },
    { title: 'P.U.', dataIndex: 'precio_unitario', width: 110, align: 'right', render: (v: string) => formatDecimal(v, 2) },
    ...(importacion
      ? [{ title: 'P. FOB', dataIndex: 'precio_fob', width: 110, align: 'right' as const, render: (v: string | null) => (v === null ? '-' : formatDecimal(v, 2)) }]
      : []),
    { title: 'SUBTOTAL', dataIndex: 'importe', width: 130, align: 'right', render: (v: string) => formatAmount(v) },
    { title: 'OBS.', dataIndex: 'observacion', width: 160, render: (v: string) => orDash(v) },
  ];

  // Subtotal = Σ line amounts; discount = subtotal − discounted subtotal (spec 1 §9), in cents.
  const subtotal = sumCents(o.orden_items.map((i) => i.importe));
  const descuento = subtotal - (toScaled(o.monto_sin_impuesto, 2) ?? subtotal);
  const descuentoLabel = o.tipo_descuento === TIPO_DESCUENTO.PORCENTAJE ? `Descuento (${formatDecimal(o.descuento)}%)` : 'Descuento';
  const totals: { key: string; label: string; amount: string; strong?: boolean }[] = [
    { key: 'subtotal', label: 'SubTotal', amount: fromScaled(subtotal, 2) },
    { key: 'descuento', label: descuentoLabel, amount: fromScaled(-descuento, 2) },
    { key: 'descontado', label: 'SubTotal con descuento', amount: formatAmount(o.monto_sin_impuesto) },
    ...o.orden_impuestos.map((t) => ({ key: `t${t.id_orden_impuesto}`, label: `${t.descripcion} (${formatRate(t.valor)}%)`, amount: formatAmount(t.valor_aplicado) })),
    { key: 'total', label: 'TOTAL', amount: formatAmount(o.monto_con_impuesto), strong: true },
  ];
  const amountColumn = columns.length - 2;

  return (
    <>
      <PageHeader
        title={`${tituloOrden(o.tipo_orden)} ${o.codigo}`}
        extra={
          <Flex gap={8} wrap>
            {back}
            {aprobacionScreen ? (
              !noAprueba && (
                <>
                  {v.aprobarGerencia && (
                    <Button type="primary" icon={<CheckOutlined />} onClick={() => acciones.confirmar('aprobarGerencia', o)}>
                      Aprobar (Gerencia)
                    </Button>
                  )}
                  {v.aprobarContabilidad && (
                    <Button type="primary" icon={<CheckOutlined />} onClick={() => acciones.confirmar('aprobarContabilidad', o)}>
                      Aprobar (Contabilidad)
                    </Button>
                  )}
                  <Button danger icon={<CloseOutlined />} onClick={() => setRechazando(true)}>
                    Rechazar
                  </Button>
                </>
              )
            ) : (
              <>
                <Button icon={<FilePdfOutlined />} loading={acciones.descargandoPdf} onClick={() => acciones.descargarPdf(o)}>
                  PDF
                </Button>
                {v.notificar && (
                  <Button icon={<MailOutlined />} onClick={() => acciones.notificarProveedor(o)}>
                    Notificar
                  </Button>
                )}
                {v.ordenesPago && (
                  <Button icon={<WalletOutlined />} onClick={() => void navigate(`/ordenPago/${o.id_orden}`)}>
                    Ordenes de Pago
                  </Button>
                )}
                <OrdenTransferenciaBotones
                  orden={{ id_orden: o.id_orden, codigo: o.codigo, tipo_orden: o.tipo_orden, id_orden_estado: o.estado.id_orden_estado }}
                />
                {v.actualizarEstado && (
                  <Button icon={<GlobalOutlined />} onClick={() => void navigate(`/orden/importacion/${o.id_orden}`)}>
                    Actualizar estado
                  </Button>
                )}
                {v.pagar && (
                  <Button icon={<DollarOutlined />} onClick={() => acciones.confirmar('pagar', o)}>
                    Pagar
                  </Button>
                )}
                {(v.aprobarGerencia || v.aprobarContabilidad) && (
                  <Button icon={<CheckOutlined />} onClick={() => void navigate(`/orden/approve/${o.id_orden}`)}>
                    Aprobar
                  </Button>
                )}
                {o.es_editable && !readOnly && (
                  <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(`/orden/edit/${o.id_orden}`)}>
                    Editar
                  </Button>
                )}
              </>
            )}
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        {aprobacionScreen && noAprueba && <OrdenMotivo title="Esta orden no espera su aprobación" motivo={noAprueba} />}
        {rechazo && (
          <Alert
            type="warning"
            showIcon
            title={`Orden rechazada por ${persona(rechazo.usuario)} el ${formatDate(rechazo.fecha, true)}`}
            description={`${rechazo.comentario}. Al guardarla queda de nuevo pendiente de aprobación.`}
          />
        )}
        <Card size="small" title="Datos de la orden">
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }} items={header} styles={{ label: { whiteSpace: 'nowrap' } }} />
        </Card>
        <Card size="small" title="Detalle">
          <Table<Item>
            rowKey="id_orden_item"
            size="small"
            columns={columns}
            dataSource={o.orden_items}
            pagination={false}
            // Fixed columns: a long description wraps in its own column instead of widening the table.
            tableLayout="fixed"
            scroll={{ x: 1000 }}
            aria-label="Productos de la orden"
            summary={() => (
              <Table.Summary>
                {totals.map((t) => (
                  <Table.Summary.Row key={t.key} data-testid={`total-${t.key}`}>
                    <Table.Summary.Cell index={0} colSpan={amountColumn} align="right">
                      <Typography.Text strong={t.strong}>{t.label}</Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={amountColumn} align="right">
                      <Typography.Text strong={t.strong} style={{ whiteSpace: 'nowrap' }}>
                        {`${sym} ${t.amount}`}
                      </Typography.Text>
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={amountColumn + 1} />
                  </Table.Summary.Row>
                ))}
              </Table.Summary>
            )}
          />
        </Card>
        {!aprobacionScreen && <OrdenConciliacion ordId={o.id_orden} />}
        <OrdenArchivos orden={o} />
        <Card size="small" title="Historial">
          <Table<OrdenHistorialRow>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={o.historial}
            columns={[
              { title: 'Fecha', dataIndex: 'fecha', width: 170, render: (f: string) => formatDate(f, true) },
              { title: 'Desde', key: 'desde', render: (_, h) => h.desde?.descripcion ?? '-' },
              { title: 'Hasta', key: 'hasta', render: (_, h) => h.hasta.descripcion },
              { title: 'Usuario', key: 'usuario', render: (_, h) => persona(h.usuario) },
              { title: 'Comentario', dataIndex: 'comentario', render: (c: string) => orDash(c) },
            ]}
          />
        </Card>
      </Flex>
      {rechazando && (
        <OrdenRechazoModal
          orden={{ id_orden: o.id_orden, codigo: o.codigo, id_orden_estado: o.estado.id_orden_estado }}
          onClose={() => setRechazando(false)}
          onDone={() => void navigate('/orden')}
        />
      )}
    </>
  );
}

/** Who approved and when, or a dash while the approval is pending. */
function aprobacion(a: OrdenDetalle['aprobacion_gerencia']): string {
  return a ? `${persona(a.usuario)}, ${formatDate(a.fecha, true)}` : '-';
}
