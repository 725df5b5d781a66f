import { TFI_TIPO, TRANSFERENCIA_MSG, docProveedorNombre, type Transferencia } from '@obra/domain';
import { Button, Descriptions, Empty, Flex, Modal, Skeleton, Table, Typography } from 'antd';
import { formatDate, formatDecimal } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { useTransferencia, useTransferenciasDeOrden } from './api';

const orDash = (v: string | null | undefined) => (v?.trim() ? v : '-');

/** One transfer: its header and its lines (sent, entered, notes). */
export function TransferenciaDetalle({ t }: { t: Transferencia }) {
  return (
    <Flex vertical gap={8}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'codigo', label: 'Código', children: t.tfi_codigo },
          { key: 'estado', label: 'Estado', children: <StatusTag estId={t.est_id} /> },
          { key: 'tipo', label: 'Tipo', children: t.tfi_tipo === TFI_TIPO.ORDEN_COMPRA ? `${t.tfi_tipo_nombre}: ${orDash(t.ord_code)}` : t.tfi_tipo_nombre },
          { key: 'destino', label: 'Almacén destino', children: `${t.pry_destino_nombre} | ${t.alm_destino_nombre}` },
          ...(t.alm_origen_nombre ? [{ key: 'origen', label: 'Almacén origen', children: `${orDash(t.pry_origen_nombre)} | ${t.alm_origen_nombre}` }] : []),
          { key: 'registro', label: 'Registrado', children: `${formatDate(t.tfi_fecha_registro, true)} por ${t.tfi_usu_registrador_nombre}` },
          { key: 'llegada', label: 'Llegada estimada', children: formatDate(t.tfi_fecha_estimada_llegada) },
          {
            key: 'ingreso', label: 'Ingreso',
            children: t.tfi_fecha_ingreso ? `${formatDate(t.tfi_fecha_ingreso, true)} por ${orDash(t.tfi_usu_recepcionador_nombre)}` : '-',
          },
          { key: 'guia', label: 'Guía de remisión', children: orDash(t.tfi_guia_remision) },
          ...(t.tfi_doc_tipo
            ? [{ key: 'doc', label: 'Comprobante del proveedor', children: `${docProveedorNombre(t.tfi_doc_tipo)} ${t.tfi_doc_serie}-${t.tfi_doc_numero}${t.tfi_doc_fecha ? ` del ${formatDate(t.tfi_doc_fecha)}` : ''}` }]
            : []),
          { key: 'notas', label: 'Notas', children: orDash(t.tfi_notas) },
        ]}
      />
      <Table
        size="small"
        rowKey="tid_id"
        pagination={false}
        dataSource={t.detalle}
        scroll={{ y: 280 }}
        aria-label={`Líneas de ${t.tfi_codigo}`}
        columns={[
          { title: 'Producto', dataIndex: 'prv_nombre' },
          { title: 'N° serie', dataIndex: 'pal_numero_serie', width: 130, render: (v: string) => orDash(v) },
          { title: 'UND', dataIndex: 'unm_simbolo', width: 60 },
          // An external purchase entered as registered: one quantity, nothing to confirm.
          ...(t.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA
            ? [{ title: 'Cantidad', dataIndex: 'tid_cantidad', width: 90, align: 'right' as const, render: (v: string) => formatDecimal(v) }]
            : [
                { title: 'Enviada', dataIndex: 'tid_cantidad', width: 90, align: 'right' as const, render: (v: string) => formatDecimal(v) },
                { title: 'Ingresada', dataIndex: 'tid_ingreso_cantidad', width: 90, align: 'right' as const, render: (v: string | null) => (v === null ? '-' : formatDecimal(v)) },
                { title: 'Notas', dataIndex: 'tid_ingreso_notas', render: (v: string) => orDash(v) },
              ]),
        ]}
      />
    </Flex>
  );
}

/**
 * The 'Transferencias' popup (spec 2 §2, spec 1 §2.10): one transfer from the list, or every transfer of an
 * order from its view ('Ver Transferencia'), newest first.
 */
export function TransferenciasModal({ tfiId = null, orden = null, onClose }: { tfiId?: number | null; orden?: { ord_id: number; ord_codigo: string } | null; onClose: () => void }) {
  const una = useTransferencia(tfiId);
  const deOrden = useTransferenciasDeOrden(orden?.ord_id ?? null);
  const query = tfiId !== null ? una : deOrden;
  const lista: Transferencia[] | undefined = tfiId !== null ? (una.data ? [una.data] : undefined) : deOrden.data;
  return (
    <Modal
      open
      width={960}
      title={orden ? `Transferencias: ${orden.ord_codigo}` : 'Transferencias'}
      onCancel={onClose}
      closable={false}
      footer={<Button onClick={onClose}>Cerrar</Button>}
    >
      {query.isError ? (
        <Empty description={TRANSFERENCIA_MSG.notFound} />
      ) : !lista ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : lista.length === 0 ? (
        <Empty description="La orden no tiene transferencias" />
      ) : (
        <Flex vertical gap={24}>
          {lista.map((t) => (
            <div key={t.tfi_id}>
              {lista.length > 1 && <Typography.Title level={5}>{t.tfi_codigo}</Typography.Title>}
              <TransferenciaDetalle t={t} />
            </div>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
