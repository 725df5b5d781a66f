import { CheckCircleOutlined, DeleteOutlined, EyeOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';
import {
  OPCION_TRANSFERENCIA_ORDEN, TFI_ESTADO_CODIGOS, TFI_TIPO, TIPOS_TRANSFERENCIA, TRANSFERENCIA_MSG, isReadOnly, puedeEliminar, puedeIngresar,
  type TfiEstadoCodigo, type TransferenciaRow,
} from '@obra/domain';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useHasOption, useRoleIds, useSession } from '../../base/session';
import { CellText, textColumn } from '../../ui/CellText';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { WarehouseSelect } from '../../ui/WarehouseSelect';
import { descargarOrdenIngreso, useEliminarTransferencia, useTransferencias } from './api';
import { IngresoModal } from './IngresoModal';
import { NuevaTransferenciaModal } from './NuevaTransferenciaModal';
import { TransferenciasModal } from './TransferenciasModal';
import { exportarComo } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

const TIPO_OPTIONS = TIPOS_TRANSFERENCIA.map((t) => ({ value: t.tit_id as number, label: t.tit_nombre }));
const ESTADO_NOMBRES: Record<TfiEstadoCodigo, string> = {
  creado: 'Creado', eliminado: 'Eliminado', ingreso_confirmado: 'Ingreso confirmado', ingreso_parcial: 'Ingreso parcial',
};
const ESTADO_OPTIONS = TFI_ESTADO_CODIGOS.map((c) => ({ value: c, label: ESTADO_NOMBRES[c] }));

const COLUMNS: TableColumnsType<TransferenciaRow> = [
  { title: 'ID', dataIndex: 'tfi_codigo', width: 150 },
  { title: 'Fecha de registro', dataIndex: 'tfi_fecha_registro', width: 140, render: (d: string) => formatDate(d, true) },
  textColumn<TransferenciaRow>('Registrado por', 'tfi_usu_registrador_nombre', { width: 190 }),
  exportarComo({
    title: 'Tipo',
    key: 'tipo',
    width: 270,
    ellipsis: { showTitle: false },
    render: (_, r: TransferenciaRow) => <CellText text={r.tfi_tipo === TFI_TIPO.ORDEN_COMPRA && r.ord_code ? `${r.tfi_tipo_nombre}: ${r.ord_code}` : r.tfi_tipo_nombre} />,
  }, { campo: ['tfi_tipo_nombre', 'ord_code'], separador: ': ' }),
  exportarComo({
    title: 'Almacén destino',
    key: 'destino',
    ellipsis: { showTitle: false },
    render: (_, r: TransferenciaRow) => <CellText text={r.alm_origen_nombre ? `${r.alm_destino_nombre} (desde ${r.alm_origen_nombre})` : r.alm_destino_nombre} />,
  }, { campo: ['alm_destino_nombre', 'alm_origen_nombre'], separador: ' · desde ' }),
  exportarComo({ title: 'Estado', dataIndex: 'est_id', width: 150, render: (id: number) => <StatusTag estId={id} /> }, { campo: 'est_nombre' }),
];

interface Filtros {
  tfi_tipo: number | null;
  est_codigo: TfiEstadoCodigo | null;
  ord_code: string;
  alm_origen: number | null;
  alm_destino: number | null;
  rango: Rango;
}

type Popup =
  | { kind: 'nueva'; tipo: 1 | 2 | 3 }
  | { kind: 'ver'; tfiId: number }
  | { kind: 'ingreso'; tfiId: number };

/**
 * Transfers and incomes `/transferencia` (spec 2 §2): filters with their defaults (type 1, status creado; the
 * order code only for type 1, the origin only for type 2), the three registration buttons, the list of 10 and its
 * options (detail, confirm entry, delete, entry-order PDF). The server checks every action again.
 */
export function TransferenciaPage() {
  const session = useSession();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const puedeOrden = useHasOption(OPCION_TRANSFERENCIA_ORDEN);
  const list = useListParams<Filtros>({ tfi_tipo: TFI_TIPO.ORDEN_COMPRA, est_codigo: 'creado', ord_code: '', alm_origen: null, alm_destino: null, rango: null }, { url: true });
  const f = list.filters;
  const consulta = {
    transferencia_items: {
      tfi_tipo: f.tfi_tipo,
      est_codigo: f.est_codigo,
      ord_code: f.tfi_tipo === TFI_TIPO.ORDEN_COMPRA ? f.ord_code || null : null,
      alm_origen: f.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES ? f.alm_origen : null,
      alm_destino: f.alm_destino,
      ...rangoFechas(f.rango),
    },
  };
  const query = useTransferencias({ ...consulta, page: list.pageQuery });
  const eliminar = useEliminarTransferencia();
  const [popup, setPopup] = useState<Popup | null>(null);
  useVerParam((tfiId) => setPopup({ kind: 'ver', tfiId }));
  const [descargando, setDescargando] = useState<number | null>(null);
  const user = { usu_id: session?.id_usuario ?? 0, usu_nivel: session?.usu_nivel ?? 0, pry_id: session?.pry_id ?? null };

  const pdf = async (r: TransferenciaRow) => {
    setDescargando(r.tfi_id);
    try {
      await descargarOrdenIngreso(r);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setDescargando(null);
    }
  };

  return (
    <ListPage<TransferenciaRow>
      title="Transferencias e Ingresos"
      actions={
        !readOnly && (
          <Flex gap={8} wrap>
            {puedeOrden && <Button onClick={() => setPopup({ kind: 'nueva', tipo: 1 })}>Orden de Compra</Button>}
            <Button onClick={() => setPopup({ kind: 'nueva', tipo: 3 })}>Compra Externa</Button>
            <Button type="primary" onClick={() => setPopup({ kind: 'nueva', tipo: 2 })}>Entre Almacenes</Button>
          </Flex>
        )
      }
      filters={
        <>
          <SelectFilter<number> label="Tipo" value={f.tfi_tipo} options={TIPO_OPTIONS} onChange={(v) => list.setFilters({ tfi_tipo: v })} width={160} />
          <SelectFilter<TfiEstadoCodigo> label="Estado" value={f.est_codigo} options={ESTADO_OPTIONS} onChange={(v) => list.setFilters({ est_codigo: v })} width={170} />
          {f.tfi_tipo === TFI_TIPO.ORDEN_COMPRA && (
            <FilterField label="Código de orden">
              {(id) => <SearchInput id={id} label="Código de orden" placeholder="Código de la orden" width={200} onSearch={(ord_code) => list.setFilters({ ord_code })} />}
            </FilterField>
          )}
          {f.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES && (
            <FilterField label="Almacén origen">
              {(id) => <WarehouseSelect id={id} value={f.alm_origen} onChange={(v) => list.setFilters({ alm_origen: v ?? null })} style={{ width: 240 }} placeholder="Todos" />}
            </FilterField>
          )}
          <FilterField label="Almacén destino">
            {(id) => <WarehouseSelect id={id} value={f.alm_destino} onChange={(v) => list.setFilters({ alm_destino: v ?? null })} style={{ width: 240 }} placeholder="Todos" />}
          </FilterField>
          <DateRangeFilter label="Fecha de registro" value={f.rango} onChange={(v) => list.setFilters({ rango: v })} width={240} />
          <Button icon={<SearchOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>Buscar</Button>
        </>
      }
      rowKey="tfi_id"
      columns={COLUMNS}
      {...list.table(query)}
      exportar={{ ruta: '/transferenciaItems/buscar', consulta, nombre: 'transferencias' }}
      emptyText="No se encontraron transferencias"
      rowName={(r) => r.tfi_codigo}
      minWidth={1180}
      rowActions={(r) => [
        { key: 'ver', label: 'Ver detalle', icon: <EyeOutlined />, onClick: () => setPopup({ kind: 'ver', tfiId: r.tfi_id }) },
        {
          key: 'ingreso', label: 'Confirmar ingreso', icon: <CheckCircleOutlined />, hidden: readOnly || !puedeIngresar(r, user),
          onClick: () => setPopup({ kind: 'ingreso', tfiId: r.tfi_id }),
        },
        {
          key: 'pdf', label: descargando === r.tfi_id ? 'Generando orden de ingreso…' : 'Orden de ingreso (PDF)', icon: <FilePdfOutlined />,
          onClick: () => void pdf(r),
        },
        {
          key: 'eliminar', label: 'Eliminar', icon: <DeleteOutlined />, danger: true, hidden: readOnly || !puedeEliminar(r, user),
          confirm: TRANSFERENCIA_MSG.confirmarEliminar,
          confirmDetail: r.tfi_tipo === TFI_TIPO.ENTRE_ALMACENES ? 'El stock vuelve al almacén de origen.' : r.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA ? 'El stock que ingresó sale del almacén.' : undefined,
          onClick: async () => {
            try {
              toast.success((await eliminar.mutateAsync(r.tfi_id)).message);
            } catch {
              // Shown by the query cache.
            }
          },
        },
      ]}
    >
      {popup?.kind === 'nueva' && <NuevaTransferenciaModal tipo={popup.tipo} onClose={() => setPopup(null)} />}
      {popup?.kind === 'ver' && <TransferenciasModal tfiId={popup.tfiId} onClose={() => setPopup(null)} />}
      {popup?.kind === 'ingreso' && <IngresoModal tfiId={popup.tfiId} onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
