import { CloseCircleOutlined, CodeOutlined, DiffOutlined, EyeOutlined, FileDoneOutlined, FilePdfOutlined, InfoCircleOutlined, SendOutlined } from '@ant-design/icons';
import { CPE_ESTADO, CPE_ESTADO_NOMBRE, CPE_TIPO_NOMBRE, isReadOnly, limaDate, type ComprobanteFila, type CpeEstado } from '@obra/domain';
import { App, Checkbox, Flex, Input, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { CellText } from '../../ui/CellText';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { FilterField } from '../../ui/FilterField';
import { formatDate, formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import type { RowAction } from '../../ui/RowActions';
import { SearchInput } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { OrdenVentaFormModal } from '../orden_venta/OrdenVentaFormModal';
import { OrdenVentaViewModal } from '../orden_venta/OrdenVentaViewModal';
import { enCamino, useComprobantes, useDescargarComprobante, useReenviarComprobante, type ComprobanteFiltros, type CpeFormato } from './api';
import { AnularModal } from './AnularModal';
import { ComprobanteDetalleModal, fechaHora } from './ComprobanteDetalleModal';
import { CpeEstadoTag } from './CpeEstadoTag';
import { NotaModal } from './NotaModal';
import { exportarComo } from '../../ui/exportar';
import { useVerParam } from '../../ui/useVerParam';

interface Filtros extends Omit<ComprobanteFiltros, 'fecha_inicio' | 'fecha_fin'> {
  rango: Rango;
}

const TIPOS = Object.entries(CPE_TIPO_NOMBRE).map(([value, label]) => ({ value, label }));
const ESTADOS = Object.values(CPE_ESTADO).map((e) => ({ value: e, label: CPE_ESTADO_NOMBRE[e] }));

/** The next try as the list reads it: the time today, the date and time another day. */
function proximoIntento(v: string | null, hoy: string) {
  if (!v) return null;
  return v.slice(0, 10) === hoy ? v.slice(11, 16) : fechaHora(v);
}

/** The series box searches once it holds a whole series (F001, B001) or is emptied, and on Enter. */
function SerieFilter({ onSerie }: { onSerie: (serie: string | null) => void }) {
  const [texto, setTexto] = useState('');
  return (
    <FilterField label="Serie">
      {(id) => (
        <Input
          id={id}
          aria-label="Serie"
          allowClear
          maxLength={4}
          placeholder="F001"
          value={texto}
          onChange={(e) => {
            const v = e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, '');
            setTexto(v);
            if (v === '' || v.length === 4) onSerie(v || null);
          }}
          // Enter searches with what was typed, a partial series too (a filter bar's text field searches on Enter).
          onPressEnter={() => onSerie(texto || null)}
          style={{ width: 100 }}
        />
      )}
    </FilterField>
  );
}

type Popup =
  | { kind: 'detalle'; fila: ComprobanteFila }
  | { kind: 'pedido'; ovtId: number }
  | { kind: 'editarPedido'; ovtId: number }
  | { kind: 'nota'; cpeId: number }
  | { kind: 'anular'; fila: ComprobanteFila }
  | null;

const esResumen = (c: ComprobanteFila) => c.cpe_tipo === 'RA' || c.cpe_tipo === 'RC';

/**
 * 'Comprobantes electrónicos' (/comprobantes, issues 22 and 23): every e-voucher, note, guide and
 * summary, newest first, with its SUNAT state, the PDF, the signed XML and SUNAT's CDR, 'Reenviar'
 * where SUNAT's rules allow it, SUNAT's answer, 'Emitir nota' on an accepted factura or boleta and
 * 'Anular' within SUNAT's window. A page holding documents on their way is asked again every 3 s.
 */
export function ComprobantesPage() {
  const { modal } = App.useApp();
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const list = useListParams<Filtros>({ cpe_tipo: null, cpe_estado: null, cpe_serie: null, cli_search: null, vencidos: false, sin_aceptar: false, rango: null }, { url: true });
  const { rango, ...resto } = list.filters;
  const filtros = { ...resto, ...rangoFechas(rango) };
  const comprobantes = useComprobantes(filtros, list.pageQuery);
  const descargar = useDescargarComprobante();
  const reenviar = useReenviarComprobante();
  const [popup, setPopup] = useState<Popup>(null);
  // The header search opens a voucher's sales order (issue 25).
  useVerParam((ovtId) => setPopup({ kind: 'pedido', ovtId }));
  const hoy = limaDate();
  const filas = comprobantes.data?.data ?? [];
  // The popup follows the row as the list refreshes; a row the filter no longer shows keeps its last state.
  const detalle = popup?.kind === 'detalle' ? (filas.find((c) => c.cpe_id === popup.fila.cpe_id) ?? popup.fila) : undefined;

  const bajar = (c: ComprobanteFila, formato: CpeFormato) => descargar.mutate({ cpe_id: c.cpe_id, formato, nombre: c.cpe_comprobante });

  const preguntarReenviar = (c: ComprobanteFila) =>
    modal.confirm({
      title: `¿Reenviar el comprobante ${c.cpe_comprobante} a SUNAT?`,
      okText: 'Reenviar',
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => reenviar.mutateAsync(c.cpe_id).then((r) => toast.success(r.message), () => undefined),
    });

  const columns: TableColumnsType<ComprobanteFila> = [
    { title: 'Comprobante', dataIndex: 'cpe_comprobante', width: 130 },
    exportarComo({
      title: 'Tipo',
      dataIndex: 'cpe_tipo',
      width: 175,
      render: (t: string, c) => (
        <Flex vertical>
          <span>{CPE_TIPO_NOMBRE[t] ?? t}</span>
          {c.cpe_referencia && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{esResumen(c) ? 'Anula' : 'Sobre'} {c.cpe_referencia}</Typography.Text>}
        </Flex>
      ),
    }, { valores: CPE_TIPO_NOMBRE }),
    { title: 'Fecha de emisión', dataIndex: 'cpe_fecha_emision', width: 140, render: (f: string) => formatDate(f) },
    {
      title: 'Cliente',
      dataIndex: 'cli_nombre',
      ellipsis: { showTitle: false },
      render: (_, c) => (
        <Flex vertical>
          <CellText text={c.cli_nombre} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{c.cli_documento_identidad}</Typography.Text>
        </Flex>
      ),
    },
    exportarComo({
      title: 'Total',
      dataIndex: 'cpe_total',
      width: 130,
      align: 'right',
      // A summary declares no amount of its own.
      render: (t: string, c) => <span style={{ whiteSpace: 'nowrap' }}>{esResumen(c) ? '—' : formatMoney(c.mon_simbolo, t)}</span>,
    }, { tipo: 'money' }),
    exportarComo({
      title: 'Estado SUNAT',
      dataIndex: 'cpe_estado',
      width: 250,
      render: (estado: CpeEstado, c) => {
        const proximo = estado === 'error' ? proximoIntento(c.cpe_proximo_intento, hoy) : null;
        return (
          <Flex vertical gap={2} align="start">
            <Flex gap={4} wrap>
              <CpeEstadoTag estado={estado} codigo={c.cpe_respuesta_codigo} texto={c.cpe_respuesta_texto} />
              {c.cpe_vencido && <Tag color="red">Fuera de plazo</Tag>}
              {c.cpe_baja && estado !== 'anulado' && <Tag color="orange">Anulación en curso: {c.cpe_baja}</Tag>}
            </Flex>
            {estado === 'anulado' && c.cpe_baja && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Por {c.cpe_baja}</Typography.Text>}
            {proximo && <Typography.Text type="secondary" style={{ fontSize: 12 }}>Próximo intento: {proximo}</Typography.Text>}
          </Flex>
        );
      },
    }, { valores: CPE_ESTADO_NOMBRE }),
  ];

  const acciones = (c: ComprobanteFila): RowAction[] => [
    { key: 'pdf', label: 'Ver PDF', icon: <FilePdfOutlined />, hidden: esResumen(c), onClick: () => bajar(c, 'pdf') },
    { key: 'xml', label: 'Descargar XML', icon: <CodeOutlined />, onClick: () => bajar(c, 'xml') },
    {
      key: 'cdr',
      label: c.cpe_tiene_cdr ? 'Descargar CDR' : 'CDR: SUNAT aún no lo emite',
      icon: <FileDoneOutlined />,
      disabled: !c.cpe_tiene_cdr,
      onClick: () => bajar(c, 'cdr'),
    },
    { key: 'respuesta', label: 'Ver respuesta de SUNAT', icon: <InfoCircleOutlined />, onClick: () => setPopup({ kind: 'detalle', fila: c }) },
    { key: 'reenviar', label: 'Reenviar', icon: <SendOutlined />, hidden: readOnly || !c.puede_reenviar, onClick: () => preguntarReenviar(c) },
    { key: 'nota', label: 'Emitir nota de crédito o débito', icon: <DiffOutlined />, hidden: readOnly || !c.puede_emitir_nota, onClick: () => setPopup({ kind: 'nota', cpeId: c.cpe_id }) },
    c.puede_anular || !c.cpe_notas_vigentes || c.cpe_baja !== null
      ? { key: 'anular', label: 'Anular', icon: <CloseCircleOutlined />, danger: true, hidden: readOnly || !c.puede_anular, onClick: () => setPopup({ kind: 'anular', fila: c }) }
      // Its notes stand: say why it cannot be cancelled instead of hiding the action.
      : { key: 'anular', label: `Anular: primero anule sus notas (${c.cpe_notas_vigentes})`, icon: <CloseCircleOutlined />, hidden: readOnly, disabled: true, onClick: () => undefined },
    { key: 'pedido', label: 'Ver pedido', icon: <EyeOutlined />, onClick: () => setPopup({ kind: 'pedido', ovtId: c.ovt_id }) },
  ];

  return (
    <ListPage<ComprobanteFila>
      title="Comprobantes electrónicos"
      filters={
        <>
          <SelectFilter<string> label="Tipo" value={list.filters.cpe_tipo} options={TIPOS} onChange={(cpe_tipo) => list.setFilters({ cpe_tipo })} />
          <SelectFilter<CpeEstado>
            label="Estado SUNAT"
            value={list.filters.cpe_estado}
            options={ESTADOS}
            onChange={(cpe_estado) => list.setFilters({ cpe_estado })}
            width={230}
          />
          <SerieFilter onSerie={(cpe_serie) => list.setFilters({ cpe_serie })} />
          <DateRangeFilter label="Fecha de emisión" value={rango} onChange={(v) => list.setFilters({ rango: v })} width={240} />
          <FilterField label="Cliente">
            {(id) => <SearchInput id={id} label="Cliente" placeholder="DNI/RUC o nombre" width={200} onSearch={(v) => list.setFilters({ cli_search: v || null })} />}
          </FilterField>
          <Checkbox checked={list.filters.vencidos} onChange={(e) => list.setFilters({ vencidos: e.target.checked })} style={{ lineHeight: '32px' }}>
            Solo fuera de plazo
          </Checkbox>
          <Checkbox checked={list.filters.sin_aceptar} onChange={(e) => list.setFilters({ sin_aceptar: e.target.checked })} style={{ lineHeight: '32px' }}>
            Solo aún no aceptados
          </Checkbox>
        </>
      }
      rowKey="cpe_id"
      columns={columns}
      // The 3 s refetches of documents on their way do not dim the rows; a new filter or page does.
      {...list.table({ data: comprobantes.data, isFetching: comprobantes.isFetching && !(enCamino(comprobantes.data) && !comprobantes.isPlaceholderData) })}
      emptyText="No se encontraron comprobantes electrónicos"
      exportar={{ ruta: '/comprobante/buscar', consulta: { comprobante: filtros }, nombre: 'comprobantes' }}
      minWidth={1100}
      rowName={(c) => c.cpe_comprobante}
      rowActions={acciones}
    >
      {detalle && (
        <ComprobanteDetalleModal
          comprobante={detalle}
          onReenviar={!readOnly && detalle.puede_reenviar ? () => preguntarReenviar(detalle) : undefined}
          onClose={() => setPopup(null)}
        />
      )}
      {popup?.kind === 'pedido' && (
        <OrdenVentaViewModal ovtId={popup.ovtId} onEditar={() => setPopup({ kind: 'editarPedido', ovtId: popup.ovtId })} onClose={() => setPopup(null)} />
      )}
      {popup?.kind === 'nota' && <NotaModal cpeId={popup.cpeId} onClose={() => setPopup(null)} />}
      {popup?.kind === 'anular' && <AnularModal comprobante={popup.fila} onClose={() => setPopup(null)} />}
      {popup?.kind === 'editarPedido' && <OrdenVentaFormModal ovtId={popup.ovtId} puedeCrearCliente={false} onClose={() => setPopup(null)} />}
    </ListPage>
  );
}
