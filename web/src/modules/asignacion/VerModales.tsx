import type { AsignacionDetalle, DevolucionDetalle } from '@obra/domain';
import { Button, Descriptions, Empty, Modal, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { CellText } from '../../ui/CellText';
import { formatDate } from '../../ui/format';
import { warehouseLabel } from '../../ui/WarehouseLabel';
import { useAsignacion, useDevolucion } from './api';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

const LINEAS: TableColumnsType<AsignacionDetalle> = [
  { title: 'Producto', dataIndex: 'prv_nombre', ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
  { title: 'Serie', dataIndex: 'pal_numero_serie', width: 100, render: dash },
  { title: 'Asignado', dataIndex: 'aid_cantidad', width: 90, align: 'right', render: (v: string, r) => `${v} ${r.unm_simbolo}` },
  { title: 'Devuelto', dataIndex: 'did_cantidad_total', width: 90, align: 'right' },
  { title: 'Saldo', dataIndex: 'aid_saldo', width: 80, align: 'right' },
  {
    title: 'Retorno estimado',
    dataIndex: 'fecha_retorno',
    width: 150,
    render: (f: string | null, r) => (
      <>
        {f ? formatDate(f) : '-'}
        {r.por_devolver && <Tag color="magenta" style={{ marginLeft: 6 }}>Por devolver</Tag>}
      </>
    ),
  },
  { title: 'Notas', dataIndex: 'aid_notas', width: 150, ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
];

interface VerAsignacionProps {
  asiId: number;
  /** Offered in the footer when the user may register a return and something is still assigned. */
  onDevolver?: () => void;
  onClose: () => void;
}

/** 'Asignación N° n': the header and its lines with assigned, returned and balance (spec 2 §2 "view assignment by number"). */
export function VerAsignacionModal({ asiId, onDevolver, onClose }: VerAsignacionProps) {
  const q = useAsignacion(asiId);
  const a = q.data;
  const puedeDevolver = !!onDevolver && !!a && a.est_id !== 24 && Number(a.saldo) > 0;
  return (
    <Modal
      open
      width={980}
      title={`Asignación N° ${asiId}`}
      onCancel={onClose}
      closable={false}
      footer={[
        puedeDevolver && <Button key="dev" onClick={onDevolver}>Registrar devolución</Button>,
        <Button key="cerrar" type={puedeDevolver ? 'default' : 'primary'} onClick={onClose}>Cerrar</Button>,
      ]}
    >
      {q.isError ? <Empty description="No se pudo cargar la asignación" /> : !a ? <Skeleton active /> : (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Fecha de registro">{formatDate(a.asi_fecha_registro)}</Descriptions.Item>
            <Descriptions.Item label="Estado"><Tag color={a.est_styles}>{a.est_nombre}</Tag></Descriptions.Item>
            <Descriptions.Item label="Registrado por">{a.registrador}</Descriptions.Item>
            <Descriptions.Item label="Almacén" span={2}>{warehouseLabel(a)}</Descriptions.Item>
            <Descriptions.Item label="Saldo">{a.saldo}</Descriptions.Item>
            <Descriptions.Item label="Solicitante">{a.solicitante}</Descriptions.Item>
            <Descriptions.Item label="Autorizador">{a.autorizador}</Descriptions.Item>
            <Descriptions.Item label="Notas">{dash(a.asi_notas)}</Descriptions.Item>
          </Descriptions>
          <Table<AsignacionDetalle> size="small" rowKey="aid_id" pagination={false} columns={LINEAS} dataSource={a.detalle} tableLayout="fixed" />
        </>
      )}
    </Modal>
  );
}

const LINEAS_DEV: TableColumnsType<DevolucionDetalle> = [
  { title: 'Producto', dataIndex: 'prv_nombre', ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
  { title: 'Serie', dataIndex: 'pal_numero_serie', width: 100, render: dash },
  { title: 'Asignado', dataIndex: 'aid_cantidad', width: 90, align: 'right', render: (v: string, r) => `${v} ${r.unm_simbolo}` },
  { title: 'Devuelto', dataIndex: 'did_cantidad', width: 90, align: 'right' },
  { title: 'Notas', dataIndex: 'did_notas', width: 200, ellipsis: { showTitle: false }, render: (v: string) => <CellText text={v} /> },
];

/** 'Devolución N° n': the return's header and lines (spec 2 §2 "view return by number"). */
export function VerDevolucionModal({ deiId, onClose }: { deiId: number; onClose: () => void }) {
  const q = useDevolucion(deiId);
  const d = q.data;
  return (
    <Modal open width={860} title={`Devolución N° ${deiId}`} onCancel={onClose} closable={false}
      footer={<Button type="primary" onClick={onClose}>Cerrar</Button>}>
      {q.isError ? <Empty description="No se pudo cargar la devolución" /> : !d ? <Skeleton active /> : (
        <>
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Fecha">{formatDate(d.dei_fecha_registro)}</Descriptions.Item>
            <Descriptions.Item label="Estado"><Tag color={d.est_styles}>{d.est_nombre}</Tag></Descriptions.Item>
            <Descriptions.Item label="Asignación">N° {d.asi_id}</Descriptions.Item>
            <Descriptions.Item label="Almacén" span={2}>{warehouseLabel(d)}</Descriptions.Item>
            <Descriptions.Item label="Solicitante">{d.solicitante}</Descriptions.Item>
            <Descriptions.Item label="Registrado por">{d.registrador}</Descriptions.Item>
            <Descriptions.Item label="Notas" span={2}>{dash(d.dei_notas)}</Descriptions.Item>
          </Descriptions>
          <Table<DevolucionDetalle> size="small" rowKey="did_id" pagination={false} columns={LINEAS_DEV} dataSource={d.detalle} tableLayout="fixed" />
        </>
      )}
    </Modal>
  );
}
