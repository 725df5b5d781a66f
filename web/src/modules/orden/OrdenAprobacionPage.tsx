import { ArrowLeftOutlined, CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { ORDEN_ESTADO_MSG, type OrdenPendienteRow } from '@obra/domain';
import { App, Button, Flex, List, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../app/api';
import { DataTable } from '../../ui/DataTable';
import { formatDate, formatMoney } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast';
import { useListParams } from '../../ui/useListParams';
import { usePageClamp } from '../../ui/usePageClamp';
import { useAprobarMasivo, usePendientes } from './estados-api';

/** A refused order of a mass approval (the 409's `data`). */
interface Rechazo {
  id_orden: number;
  codigo: string | null;
  message: string;
}

const isRechazos = (data: unknown): data is Rechazo[] =>
  Array.isArray(data) && data.every((r) => typeof r === 'object' && r !== null && 'message' in r);

/**
 * Spec 1 §2.12 "Pending approval" (/orden/approve): the orders waiting for the caller's approval,
 * with checkboxes and Aprobar (disabled with nothing selected), confirmed, all or nothing.
 */
export function OrdenAprobacionPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const list = useListParams({});
  const pendientes = usePendientes({ start: list.params.start, length: list.params.length });
  const masivo = useAprobarMasivo();
  const [seleccion, setSeleccion] = useState<Key[]>([]);
  usePageClamp(list.page, pendientes.data?.data, pendientes.data?.total, list.setPage);

  const aprobar = () =>
    modal.confirm({
      title: `¿Desea aprobar ${seleccion.length === 1 ? 'la orden seleccionada' : `las ${seleccion.length} ordenes seleccionadas`}?`,
      okText: 'Aprobar',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: async () => {
        try {
          const reply = await masivo.mutateAsync(seleccion.map(Number));
          toast.success(reply.message || ORDEN_ESTADO_MSG.aprobadas);
          setSeleccion([]);
          void navigate('/orden');
        } catch (error) {
          // The toast says 'Hubo un error al aprobar las ordenes'; the reasons per order go in a dialog.
          if (error instanceof ApiError && isRechazos(error.data)) mostrarRechazos(error.data);
        }
      },
    });

  const mostrarRechazos = (rechazos: Rechazo[]) =>
    modal.error({
      title: ORDEN_ESTADO_MSG.masivaError,
      content: (
        <List
          size="small"
          dataSource={rechazos}
          renderItem={(r) => (
            <List.Item>
              <Typography.Text strong>{r.codigo ?? `N° ${r.id_orden}`}</Typography.Text>: {r.message}
            </List.Item>
          )}
        />
      ),
    });

  const columns: TableColumnsType<OrdenPendienteRow> = [
    { title: 'Código', dataIndex: 'codigo', width: 205, render: (c: string) => <span style={{ whiteSpace: 'nowrap' }}>{c}</span> },
    { title: 'Fecha', dataIndex: 'fecha_orden', width: 95, render: (d: string) => formatDate(d) },
    { title: 'Proveedor', dataIndex: 'proveedor', width: 180, ellipsis: { showTitle: true } },
    { title: 'Centro de Costo', dataIndex: 'centro_costo', width: 140, ellipsis: { showTitle: true } },
    { title: 'Referencia', dataIndex: 'referencia', width: 150, ellipsis: { showTitle: true } },
    {
      title: 'Total',
      dataIndex: 'monto_con_impuesto',
      align: 'right',
      width: 115,
      render: (monto: string, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.mon_simbolo, monto)}</span>,
    },
    { title: 'Condición', dataIndex: 'condicion_comercial', width: 100, ellipsis: { showTitle: true } },
    {
      title: 'Aprobación',
      dataIndex: 'aprobacion',
      width: 115,
      render: (a: OrdenPendienteRow['aprobacion']) => (a === 'aprobar_gerencia' ? <Tag color="gold">Gerencia</Tag> : <Tag color="cyan">Contabilidad</Tag>),
    },
    {
      title: 'Ver',
      key: 'ver',
      align: 'center',
      fixed: 'right',
      width: 55,
      render: (_, o) => (
        <Tooltip title="Ver y aprobar">
          <Button type="text" icon={<EyeOutlined />} aria-label={`Ver ${o.codigo}`} onClick={() => void navigate(`/orden/approve/${o.id_orden}`)} />
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Órdenes pendientes de aprobación"
        extra={
          <Flex gap={8}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>
              Regresar
            </Button>
            <Button type="primary" icon={<CheckOutlined />} disabled={seleccion.length === 0} loading={masivo.isPending} onClick={aprobar}>
              Aprobar{seleccion.length > 0 ? ` (${seleccion.length})` : ''}
            </Button>
          </Flex>
        }
      />
      <DataTable<OrdenPendienteRow>
        rowKey="id_orden"
        columns={columns}
        rows={pendientes.data?.data}
        total={pendientes.data?.total}
        page={list.page}
        onPageChange={list.setPage}
        loading={pendientes.isFetching}
        emptyText="No hay órdenes pendientes de aprobación"
        rowSelection={{ selectedRowKeys: seleccion, onChange: setSeleccion, preserveSelectedRowKeys: true }}
        tableLayout="fixed"
        scroll={{ x: columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0) + 50 }}
      />
    </>
  );
}
