import { CalendarOutlined, CloseCircleOutlined, EyeOutlined, FileTextOutlined, StepForwardOutlined } from '@ant-design/icons';
import { ENVIO_MSG, ENV_ESTADOS_FILTRO, formatDate, formatDecimal, isReadOnly, type EnvioFila } from '@obra/domain';
import { App, Button, Flex, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { textColumn } from '../../ui/CellText';
import { DataTable } from '../../ui/DataTable';
import { RowActions, rowActionsWidth, type RowAction } from '../../ui/RowActions';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useCambiarEstado, useCancelarEnvio, useEnvios, type DatosDespacho } from './api';
import { EnvioFiltrosBar, horasFiltro, type FiltrosDespacho } from './EnvioFiltrosBar';
import { ventanaInicial } from './EnvioPedidosTab';
import { ExportarBoton, exportarComo } from '../../ui/exportar';

export const PREGUNTA_ESTADO = '¿Está seguro de cambiar el estado del envío?';
export const PREGUNTA_CANCELAR = '¿Está seguro de cancelar el envío?';

interface Props {
  datos: DatosDespacho | undefined;
  onVer: (envId: number) => void;
  onGuia: (envId: number, codigo: string) => void;
  onReprogramar: (ovtId: number) => void;
}

/**
 * Tab 1 'Envíos' (spec 3 §2 "Dispatches"): the dispatches paged 10 with N, date, time, product,
 * quantity, address, district, the change-state button and the options (Ver, Reprogramar, Cancelar,
 * Generar guía) as the server allows them for each one.
 */
export function EnvioListaTab({ datos, onVer, onGuia, onReprogramar }: Props) {
  const { modal } = App.useApp();
  const list = useListParams<FiltrosDespacho & { pendientes: string | null }>({ ...ventanaInicial(), pendientes: null }, { url: true });
  const { rango, horas, cliente, ...resto } = list.filters;
  const p = list.filters.pendientes;
  const pendientes: 'hoy' | 'atrasados' | null = p === 'hoy' ? 'hoy' : p === 'atrasados' ? 'atrasados' : null;
  const h = horasFiltro(horas);
  const filtros = {
    ...resto, pendientes, cli_search: cliente, env_fecha_inicio: rango?.[0].format('YYYY-MM-DD') ?? null, env_fecha_fin: rango?.[1].format('YYYY-MM-DD') ?? null,
    ovt_hora_inicio: h.hora_inicio, ovt_hora_fin: h.hora_fin,
  };
  const envios = useEnvios(filtros, list.pageQuery);
  const cambiar = useCambiarEstado();
  const cancelar = useCancelarEnvio();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [ocupado, setOcupado] = useState<number | null>(null);

  const estados = ENV_ESTADOS_FILTRO.flatMap((id) => datos?.estados.filter((e) => e.est_id === id) ?? []).map((e) => ({ value: e.est_id, label: e.est_nombre }));

  const preguntar = (title: string, okText: string, envId: number, run: (id: number) => Promise<{ message: string }>) =>
    modal.confirm({
      title, okText, cancelText: 'No', autoFocusButton: 'cancel',
      onOk: async () => {
        setOcupado(envId);
        await run(envId).then((r) => toast.success(r.message), () => undefined);
        setOcupado(null);
      },
    });

  /**
   * The change-state question names the next state; when it puts the truck on the road without a
   * guide it says so and offers to generate it first (SUNAT wants the guide before the transfer).
   */
  const cambiarEstado = (e: EnvioFila) => {
    const c = modal.confirm({
      title: PREGUNTA_ESTADO, okText: 'Cambiar', cancelText: 'No', autoFocusButton: 'cancel',
      content: e.pide_guia ? ENVIO_MSG.guiaFalta(e.siguiente_estado ?? '') : `El envío pasará a ${(e.siguiente_estado ?? '').toLowerCase()}.`,
      footer: e.pide_guia && e.puede_generar_guia
        ? (_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            <Button icon={<FileTextOutlined />} onClick={() => { c.destroy(); onGuia(e.env_id, e.env_codigo); }}>Generar guía</Button>
            <OkBtn />
          </>
        )
        : undefined,
      onOk: async () => {
        setOcupado(e.env_id);
        await cambiar.mutateAsync(e.env_id).then((r) => toast.success(r.message), () => undefined);
        setOcupado(null);
      },
    });
  };

  const acciones = (e: EnvioFila): RowAction[] => [
    { key: 'ver', label: 'Ver', icon: <EyeOutlined />, onClick: () => onVer(e.env_id) },
    { key: 'reprogramar', label: 'Reprogramar', icon: <CalendarOutlined />, hidden: readOnly || !e.puede_reprogramar, onClick: () => onReprogramar(e.ovt_id) },
    { key: 'guia', label: 'Generar guía', icon: <FileTextOutlined />, hidden: readOnly || !e.puede_generar_guia, onClick: () => onGuia(e.env_id, e.env_codigo) },
    {
      key: 'cancelar', label: 'Cancelar', icon: <CloseCircleOutlined />, danger: true, hidden: readOnly || !e.puede_cancelar,
      onClick: () => preguntar(PREGUNTA_CANCELAR, 'Cancelar envío', e.env_id, cancelar.mutateAsync),
    },
  ];

  const columns: TableColumnsType<EnvioFila> = [
    { title: 'N', dataIndex: 'env_codigo', width: 134 },
    exportarComo({ title: 'Fecha', key: 'fecha', width: 96, render: (_, e) => formatDate(e.env_fecha_hora_envio.slice(0, 10)) },
      { titulo: 'Fecha y hora', campo: 'env_fecha_hora_envio', tipo: 'datetime' }),
    exportarComo({ title: 'Hora', key: 'hora', width: 60, render: (_, e) => e.env_fecha_hora_envio.slice(11, 16) }, false),
    textColumn<EnvioFila>('Producto', 'ovd_producto', { rows: 2 }),
    exportarComo({ title: 'Cantidad', dataIndex: 'env_cantidad', width: 90, align: 'right', render: (c: string, e) => `${formatDecimal(c)} ${e.unm_simbolo || 'm³'}` }, { tipo: 'number' }),
    textColumn<EnvioFila>('Dirección', 'cde_direccion', { width: 150, rows: 2 }),
    { title: 'Distrito', dataIndex: 'ubi_nombre', width: 110 },
    { title: 'Mixer', dataIndex: 'mix_nombre', width: 90 },
    exportarComo({ title: 'Estado', key: 'estado', width: 110, render: (_, e) => <StatusTag text={e.est_nombre} color={e.est_styles || 'default'} /> }, { campo: 'est_nombre' }),
    {
      // The server decides the next state (spec 3 §4); offered while there is one.
      title: 'Cambiar estado', key: 'cambiar', width: 160, align: 'center',
      render: (_, e) => !readOnly && e.puede_cambiar_estado && (
        <Button size="small" icon={<StepForwardOutlined />} aria-label={`Cambiar estado ${e.env_codigo}`} loading={ocupado === e.env_id}
          onClick={() => cambiarEstado(e)}>
          Cambiar estado
        </Button>
      ),
    },
    {
      title: 'Opciones', key: 'opciones', align: 'center', fixed: 'right', width: rowActionsWidth(4),
      render: (_, e) => <RowActions name={e.env_codigo} actions={acciones(e)} />,
    },
  ];

  return (
    <>
      <Flex role="search" aria-label="Filtros de envíos" gap={12} wrap align="end" style={{ marginBottom: 16 }}>
        {pendientes && (
          <Tag closable color={pendientes === 'atrasados' ? 'red' : 'blue'} onClose={() => list.setFilters({ pendientes: null })} style={{ alignSelf: 'center', lineHeight: '30px' }}>
            {pendientes === 'atrasados' ? 'Solo atrasados' : 'Solo los de hoy por completar'}
          </Tag>
        )}
        <EnvioFiltrosBar value={list.filters} onChange={list.setFilters} estados={estados} distritos={datos?.distritos ?? []}
          fechaLabel="Fecha de carguío" buscando={envios.isFetching} onBuscar={() => void envios.refetch()} />
        <div style={{ marginLeft: 'auto' }}>
          <ExportarBoton exportar={{ ruta: '/envio/buscar', consulta: { envio: filtros }, nombre: 'envios' }} columns={columns} rows={envios.data?.data} hoja="Envíos" />
        </div>
      </Flex>
      <DataTable<EnvioFila> rowKey="env_id" tableLayout="fixed" scroll={{ x: 1300 }} columns={columns} {...list.table(envios)} emptyText="No se encontraron envíos" />
    </>
  );
}
