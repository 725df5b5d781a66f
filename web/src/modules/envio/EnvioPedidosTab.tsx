import { CalendarOutlined } from '@ant-design/icons';
import { ENVIO_MSG, OVT, OVT_DESPACHABLE, OVT_ESTADOS_FILTRO, isReadOnly, limaDate, type OrdenVentaFila } from '@obra/domain';
import { Button, Flex, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { DataTable } from '../../ui/DataTable';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { usePedidosDespacho, type DatosDespacho } from './api';
import { EnvioFiltrosBar, horasFiltro, type FiltrosDespacho } from './EnvioFiltrosBar';
import { EnvioProgramarModal } from './EnvioProgramarModal';
import { fechaDeApi } from '../../ui/format';
import { ExportarBoton } from '../../ui/exportar';

/** The default window on the delivery date: 7 days back to 2 ahead, Lima (spec 3 §2, §9). */
export const ventanaInicial = (): FiltrosDespacho => {
  const hoy = dayjs(limaDate());
  return { est_id: null, cliente: null, ubi_id: null, rango: [hoy.subtract(7, 'day'), hoy.add(2, 'day')], horas: null };
};

/**
 * Tab 0 'Pedidos de venta' (spec 3 §2 "Dispatches"): the sales orders by delivery date, searched on
 * opening, with 'Programar' on each; an order that may not ship yet (DECISIONS §6) says so.
 */
export function EnvioPedidosTab({ datos }: { datos: DatosDespacho | undefined }) {
  const list = useListParams<FiltrosDespacho>(ventanaInicial());
  const { rango, horas, cliente, ...resto } = list.filters;
  const h = horasFiltro(horas);
  const filtros = {
    ...resto, cli_nombre: cliente, ovt_fecha_inicio: rango?.[0].format('YYYY-MM-DD') ?? null, ovt_fecha_fin: rango?.[1].format('YYYY-MM-DD') ?? null,
    ovt_hora_inicio: h.hora_inicio, ovt_hora_fin: h.hora_fin,
  };
  const pedidos = usePedidosDespacho(filtros, list.pageQuery);
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [programar, setProgramar] = useState<number | null>(null);

  const estados = OVT_ESTADOS_FILTRO.flatMap((id) => datos?.estados.filter((e) => e.est_id === id) ?? []).map((e) => ({ value: e.est_id, label: e.est_nombre }));

  const abrir = (r: OrdenVentaFila) => {
    if (!OVT_DESPACHABLE.includes(r.est_id) && r.est_id !== OVT.EN_DESPACHO) return toast.error(ENVIO_MSG.noDespachable);
    setProgramar(r.ovt_id);
  };

  const columns: TableColumnsType<OrdenVentaFila> = [
    { title: 'ID', dataIndex: 'ovt_id', width: 70 },
    { title: 'Fecha entrega', dataIndex: 'ovt_fecha_entrega', width: 140, render: (v: string) => fechaDeApi(v) },
    { title: 'DNI/RUC', dataIndex: 'cli_documento_identidad', width: 120 },
    textColumn<OrdenVentaFila>('Cliente', 'cli_nombre'),
    textColumn<OrdenVentaFila>('Dirección', 'ovt_direccion_envio'),
    { title: 'Distrito', dataIndex: 'ubi_nombre', width: 130 },
    { title: 'Estado', dataIndex: 'est_nombre', width: 130, render: (t: string, r) => <StatusTag text={t} color={r.est_styles || 'default'} /> },
    {
      title: 'Opciones', key: 'opciones', width: 130, align: 'center', fixed: 'right',
      render: (_, r) => !readOnly && (
        <Button size="small" icon={<CalendarOutlined />} aria-label={`Programar pedido ${r.ovt_id}`} onClick={() => abrir(r)}>Programar</Button>
      ),
    },
  ];

  return (
    <>
      <Flex role="search" aria-label="Filtros de pedidos" gap={12} wrap align="end" style={{ marginBottom: 16 }}>
        <EnvioFiltrosBar value={list.filters} onChange={list.setFilters} estados={estados} distritos={datos?.distritos ?? []}
          fechaLabel="Fecha de entrega" buscando={pedidos.isFetching} onBuscar={() => void pedidos.refetch()} />
        <div style={{ marginLeft: 'auto' }}>
          <ExportarBoton exportar={{ ruta: '/ordenVenta/buscar', consulta: { orden_venta: { ...filtros, fecha_por: 'entrega' } }, nombre: 'pedidos-despacho' }}
            columns={columns} rows={pedidos.data?.data} hoja="Pedidos de venta" />
        </div>
      </Flex>
      <DataTable<OrdenVentaFila> rowKey="ovt_id" tableLayout="fixed" scroll={{ x: 1100 }} columns={columns} {...list.table(pedidos)} emptyText="No se encontraron pedidos de venta" />
      {programar !== null && <EnvioProgramarModal ovtId={programar} reprogramar={false} onClose={() => setProgramar(null)} />}
    </>
  );
}
