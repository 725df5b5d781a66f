import { ArrowLeftOutlined, CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { ORDEN_ESTADO_MSG, PENDIENTE_DE, type OrdenPendienteRow } from '@obra/domain';
import { App, Button, Flex, List, Tag, Typography, type TableColumnType, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../base/api';
import { fitColumn, textColumn } from '../../ui/CellText';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useAprobarMasivo, usePendientes } from './estados-api';
import { OrdenRechazoModal, type OrdenARechazar } from './OrdenRechazoModal';
import { useOrdenAcciones } from './useOrdenAcciones';
import { exportarComo } from '../../ui/exportar';

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
 * with checkboxes and Aprobar (disabled with nothing selected), confirmed, all or nothing. Each row
 * says what it waits for ('Pendiente de': the approval still missing, never a state name, issue 9)
 * and offers Ver, Aprobar and Rechazar.
 */
export function OrdenAprobacionPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const list = useListParams({});
  const pendientes = usePendientes({ start: list.params.start, length: list.params.length });
  const masivo = useAprobarMasivo();
  const acciones = useOrdenAcciones();
  const [seleccion, setSeleccion] = useState<Key[]>([]);
  const [rechazando, setRechazando] = useState<OrdenARechazar | null>(null);

  const aprobar = () =>
    modal.confirm({
      title: `¿Desea aprobar ${seleccion.length === 1 ? 'la orden seleccionada' : `las ${seleccion.length} órdenes seleccionadas`}?`,
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
          // The toast says 'Hubo un error al aprobar las órdenes'; the reasons per order go in a dialog.
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
    textColumn<OrdenPendienteRow>('Código', 'codigo', { width: 215 }),
    { title: 'Fecha', dataIndex: 'fecha_orden', width: 95, render: (d: string) => formatDate(d) },
    textColumn<OrdenPendienteRow>('Proveedor', 'proveedor', { rows: 2 }),
    textColumn<OrdenPendienteRow>('Centro de Costo', 'centro_costo', { width: 150, rows: 2 }),
    textColumn<OrdenPendienteRow>('Referencia', 'referencia', { width: 160, rows: 2 }),
    {
      title: 'Total',
      dataIndex: 'monto_con_impuesto',
      align: 'right',
      width: 120,
      render: (monto: string, o) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(o.mon_simbolo, monto)}</span>,
    },
    textColumn<OrdenPendienteRow>('Condición', 'condicion_comercial', { width: 110 }),
    fitColumn<OrdenPendienteRow>(
      exportarComo<TableColumnType<OrdenPendienteRow>>({
        title: 'Pendiente de',
        dataIndex: 'aprobacion',
        width: 190,
        render: (a: OrdenPendienteRow['aprobacion']) => <Tag color={a === 'aprobar_gerencia' ? 'gold' : 'cyan'}>{PENDIENTE_DE[a]}</Tag>,
      }, { valores: PENDIENTE_DE }),
      { text: (o) => PENDIENTE_DE[o.aprobacion], tag: true },
    ),
  ];

  return (
    <ListPage<OrdenPendienteRow>
      title="Órdenes pendientes de aprobación"
      actions={
        <Flex gap={8}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/orden')}>
            Regresar
          </Button>
          <Button type="primary" icon={<CheckOutlined />} disabled={seleccion.length === 0} loading={masivo.isPending} onClick={aprobar}>
            Aprobar{seleccion.length > 0 ? ` (${seleccion.length})` : ''}
          </Button>
        </Flex>
      }
      rowKey="id_orden"
      columns={columns}
      {...list.table(pendientes)}
      exportar={{ ruta: '/orden/approve/pending', consulta: {}, nombre: 'ordenes-pendientes' }}
      emptyText="No hay órdenes pendientes de aprobación"
      rowSelection={{ selectedRowKeys: seleccion, onChange: setSeleccion, preserveSelectedRowKeys: true }}
      minWidth={1240}
      rowName={(o) => o.codigo}
      rowActions={(o) => [
        { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => void navigate(`/orden/approve/${o.id_orden}`) },
        {
          key: 'aprobar',
          label: 'Aprobar',
          icon: <CheckOutlined />,
          onClick: () => acciones.confirmar(o.aprobacion === 'aprobar_gerencia' ? 'aprobarGerencia' : 'aprobarContabilidad', o, true),
        },
        {
          key: 'rechazar',
          label: 'Rechazar',
          icon: <CloseOutlined />,
          danger: true,
          onClick: () => setRechazando({ id_orden: o.id_orden, codigo: o.codigo, id_orden_estado: o.id_orden_estado }),
        },
      ]}
    >
      {rechazando && <OrdenRechazoModal orden={rechazando} onClose={() => setRechazando(null)} />}
    </ListPage>
  );
}
