import { FileExcelOutlined } from '@ant-design/icons';
import { AUDITORIA_ACCIONES, MODULES, limaDate, type AuditoriaCambio, type AuditoriaFila } from '@obra/domain';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { textColumn } from '../../ui/CellText';
import { DateRangeFilter, rangoFechas, type Rango } from '../../ui/DateRangeFilter';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { SearchFilter } from '../../ui/SearchInput';
import { SelectFilter } from '../../ui/SelectFilter';
import { useListParams } from '../../ui/useListParams';
import { ReporteProgreso } from '../orden/ReporteProgreso';
import { useXlsxDownload } from '../orden/reporte-api';
import { EXPORTAR_AUDITORIA, useAuditoria, useUsuariosAuditoria, type AuditoriaFiltros } from './api';

const MODULOS = [{ value: 'login', label: 'Ingreso' }, ...MODULES.map((m) => ({ value: m.mod_codigo as string, label: m.mod_nombre }))];
const nombreModulo = (codigo: string | null) => MODULOS.find((m) => m.value === codigo)?.label ?? codigo ?? '';
const texto = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join('\n') : String(v));

/** A change's fields, before and after; any other line's detail as the server kept it. */
function Detalle({ fila }: { fila: AuditoriaFila }) {
  const cambios = (fila.aud_detalle as { cambios?: AuditoriaCambio[] } | null)?.cambios;
  if (cambios) {
    return (
      <Table<AuditoriaCambio>
        size="small" pagination={false} rowKey="campo" dataSource={cambios} aria-label={`Cambios de ${fila.aud_documento ?? ''}`}
        columns={[
          { title: 'Campo', dataIndex: 'campo', width: 180 },
          { title: 'Antes', dataIndex: 'antes', render: (v: unknown) => <span style={{ whiteSpace: 'pre-wrap' }}>{texto(v)}</span> },
          { title: 'Después', dataIndex: 'despues', render: (v: unknown) => <span style={{ whiteSpace: 'pre-wrap' }}>{texto(v)}</span> },
        ]}
      />
    );
  }
  return fila.aud_detalle
    ? <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(fila.aud_detalle, null, 2)}</Typography.Paragraph>
    : <Typography.Text type="secondary">Sin detalle</Typography.Text>;
}

const COLUMNS: TableColumnsType<AuditoriaFila> = [
  { title: 'Fecha', dataIndex: 'aud_fecha', width: 150, render: (f: string) => formatDate(f, true) },
  textColumn<AuditoriaFila>('Usuario', 'usuario', { width: 190 }),
  textColumn<AuditoriaFila>('Acción', 'aud_accion', { width: 190, text: (a) => AUDITORIA_ACCIONES[a.aud_accion] ?? a.aud_accion }),
  textColumn<AuditoriaFila>('Módulo', 'aud_modulo', { width: 160, text: (a) => nombreModulo(a.aud_modulo) }),
  textColumn<AuditoriaFila>('Documento / ruta', 'aud_documento', { text: (a) => a.aud_documento ?? a.aud_ruta ?? '' }),
  { title: 'Dirección', dataIndex: 'aud_ip', width: 130 },
  {
    title: 'Resultado', dataIndex: 'aud_estado_http', width: 100,
    render: (s: number | null) => (s === null ? '' : <Tag color={s < 400 ? 'green' : 'red'}>{s < 400 ? 'Correcto' : `Rechazo ${s}`}</Tag>),
  },
];

/**
 * Administración → Auditoría (issue 26): who did what and when, from where, on which document, with the before and
 * after of the fields a change altered. Read-only; filters by user, module, document and dates; export to xlsx.
 */
export function AuditoriaPage() {
  const [rango, setRango] = useState<Rango>(null);
  const list = useListParams<Omit<AuditoriaFiltros, 'fecha_inicio' | 'fecha_fin'>>({ usu_id: null, modulo: null, documento: null });
  const filtros: AuditoriaFiltros = { ...list.filters, ...rangoFechas(rango) };
  const auditoria = useAuditoria(filtros, list.pageQuery);
  const usuarios = useUsuariosAuditoria();
  const descarga = useXlsxDownload();

  return (
    <ListPage<AuditoriaFila>
      title="Auditoría"
      actions={
        <>
          {descarga.downloading && <div style={{ width: 200 }}><ReporteProgreso bytes={descarga.bytes} /></div>}
          <Button icon={<FileExcelOutlined />} loading={descarga.downloading}
            onClick={() => void descarga.start(EXPORTAR_AUDITORIA, { auditoria: filtros }, `auditoria-${limaDate()}.xlsx`)}>
            Exportar (hasta 100 000)
          </Button>
        </>
      }
      filters={
        <>
          <SelectFilter<number> label="Usuario" width={220} value={list.filters.usu_id}
            options={(usuarios.data ?? []).map((u) => ({ value: u.usu_id, label: u.nombre }))} onChange={(usu_id) => list.setFilters({ usu_id })} />
          <SelectFilter<string> label="Módulo" width={200} value={list.filters.modulo} options={MODULOS} onChange={(modulo) => list.setFilters({ modulo })} />
          <SearchFilter label="Documento" placeholder="000123-CC01-OC-2026" onSearch={(documento) => list.setFilters({ documento: documento || null })} />
          <DateRangeFilter label="Fechas" value={rango} onChange={(r) => { setRango(r); list.setFilters({}); }} width={240} />
        </>
      }
      rowKey="aud_id"
      columns={COLUMNS}
      expandable={{ expandedRowRender: (fila) => <Detalle fila={fila} /> }}
      {...list.table(auditoria)}
      emptyText="No hay registros de auditoría"
      minWidth={1100}
    />
  );
}
