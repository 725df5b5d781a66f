import { FileExcelOutlined } from '@ant-design/icons';
import {
  ESTADOS, EXPORTAR_MAX_FILAS, MSG, exportarArchivo, formatBytes, limaDate, type ExportarColumna, type ExportarTipo,
} from '@obra/domain';
import { Button, Flex, Progress, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError, SessionExpiredError, apiDownload } from '../base/api';
import { toast } from '../base/toast';
import { saveBlob } from './files';

/**
 * 'Exportar' of the list screens (issue 25, docs/business-rules.md "Exportar listas"): the list's own
 * call with the screen's current filters goes to `<ruta>/exportar` with the table's visible columns
 * (title, field, kind); the server walks every matching row by key and streams the xlsx.
 */

/** The list's call as the screen makes it; its paging is the server's business. */
export interface ListaExportable {
  /** The list's path: '/orden/get-orden-list'. */
  ruta: string;
  /** The list's body with the current filters. */
  consulta: unknown;
  /** The file's name before the date: 'ordenes' → ordenes-27-11-2026.xlsx. */
  nombre: string;
}

/** How a column exports when its field, kind or text are not the table's own (`exportarComo`). */
export interface ComoExportar {
  titulo?: string;
  /** The row's field (or fields, joined by `separador`). */
  campo?: string | string[];
  separador?: string;
  tipo?: ExportarTipo;
  /** A code's text as the cell shows it: `{1: 'Compra', 2: 'Servicio'}`, `{true: 'Activo', false: 'Inactivo'}`. */
  valores?: Record<string, string>;
}

/** The generic status of spec 1 §4.4 as StatusTag shows it (est_id 1 Activo, 0 Inactivo). */
export const VALORES_ESTADO: Record<string, string> = Object.fromEntries(ESTADOS.map((e) => [String(e.est_id), e.est_nombre]));

/** A flag as a yes or no (0/1 or false/true). */
export const VALORES_SI_NO: Record<string, string> = { 1: 'Sí', 0: 'No', true: 'Sí', false: 'No' };

/** A warehouse as warehouseLabel names it ("Planta Lurín | Almacén Central"), from the row's project and warehouse names. */
export const ALMACEN_EXPORTAR: ComoExportar = { campo: ['pry_nombre', 'alm_nombre'], separador: ' | ' };

const COMO = new WeakMap<object, ComoExportar | false>();

/** Says how a column exports (or `false`: not at all, e.g. a thumbnail); returns the column. */
export function exportarComo<C extends object>(column: C, como: ComoExportar | false): C {
  COMO.set(column, como);
  return column;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DMY_DATE = /^\d{2}[-/]\d{2}[-/]\d{4}$/;
const DMY_DATETIME = /^\d{2}[-/]\d{2}[-/]\d{4} \d{2}:\d{2}/;
const MONEY = /^-?\d+\.\d{2}$/;
const DECIMAL = /^-?\d+\.\d+$/;

/** What a list cell shows as plain text: 27/11/2026, 27/11/2026 10:30, S/ 1,234.50. */
const SHOWN_DATE = /^\d{2}\/\d{2}\/\d{4}$/;
const SHOWN_DATETIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/;
const SHOWN_MONEY = /^-?(S\/|US\$|\$|€)\s?-?[\d,]+\.\d{2}$/;

/**
 * A column's kind from the page on screen: what its cells show when that is plain text (a date
 * without its time, an amount with its currency), else its values: dates, money (2 decimals),
 * numbers, or text.
 */
export function tipoDe<T extends object>(column: TableColumnsType<T>[number], rows: readonly T[], campo: string): ExportarTipo {
  const values = rows.map((r) => valueAt(r, campo));
  const present = values.map((v, i) => [v, i] as const).filter(([v]) => v !== null && v !== undefined && v !== '');
  if (!present.length) return 'text';
  const render = (column as { render?: (value: unknown, row: T, index: number) => unknown }).render;
  if (render) {
    const shown = present.map(([v, i]) => {
      try {
        return render(v, rows[i], i);
      } catch {
        return undefined;
      }
    });
    if (shown.every((t) => typeof t === 'string')) {
      const texts = shown as string[];
      if (texts.every((t) => SHOWN_DATE.test(t))) return 'date';
      if (texts.every((t) => SHOWN_DATETIME.test(t))) return 'datetime';
      if (texts.every((t) => SHOWN_MONEY.test(t.replace(/\u00a0/g, ' ')))) return 'money';
    }
  }
  const all = (test: (v: unknown) => boolean) => present.every(([v]) => test(v));
  const text = (re: RegExp) => (v: unknown) => typeof v === 'string' && re.test(v);
  if (all((v) => typeof v === 'number')) return all((v) => Number.isInteger(v)) ? 'int' : 'number';
  if (all(text(ISO_DATE)) || all(text(DMY_DATE))) return 'date';
  if (all(text(ISO_DATETIME)) || all(text(DMY_DATETIME))) return 'datetime';
  if (all(text(MONEY))) return 'money';
  if (all(text(DECIMAL))) return 'number';
  return 'text';
}

const fieldOf = (dataIndex: unknown): string | undefined => {
  if (typeof dataIndex === 'string' && dataIndex) return dataIndex;
  if (Array.isArray(dataIndex) && dataIndex.length && dataIndex.every((k) => typeof k === 'string')) return dataIndex.join('.');
  return undefined;
};

const valueAt = (row: object, campo: string): unknown =>
  campo.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), row);

/**
 * The table's visible columns as the export's: its title, its field (`dataIndex`), and its kind from
 * the page's values, unless `exportarComo` says otherwise. Columns without a text title or a field
 * (the row's actions) are left out.
 */
export function columnasDeExportacion<T extends object>(columns: TableColumnsType<T>, rows: readonly T[] | undefined): ExportarColumna[] {
  const out: ExportarColumna[] = [];
  for (const column of columns) {
    const como = COMO.get(column);
    if (como === false || column.key === 'acciones') continue;
    const titulo = como?.titulo ?? (typeof column.title === 'string' ? column.title : undefined);
    const campo = como?.campo ?? fieldOf((column as { dataIndex?: unknown }).dataIndex);
    if (!titulo || !campo) continue;
    const tipo = como?.tipo ?? (Array.isArray(campo) || como?.valores ? 'text' : tipoDe(column, rows ?? [], campo));
    const ancho = typeof column.width === 'number' ? Math.min(100, Math.max(6, Math.round(column.width / 7))) : undefined;
    out.push({
      titulo: titulo.slice(0, 80), campo, tipo,
      ...(como?.separador !== undefined && { separador: como.separador }),
      ...(como?.valores && { valores: como.valores }),
      ...(ancho !== undefined && { ancho }),
    });
  }
  return out.slice(0, 40);
}

/** One download at a time with its received bytes; leaving the screen or 'Cancelar' aborts it. */
export function useDescargaXlsx() {
  const [bytes, setBytes] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setBytes(null);
  };
  const start = async (path: string, body: unknown, filename: string): Promise<boolean> => {
    const own = new AbortController();
    controller.current = own;
    setBytes(0);
    try {
      saveBlob(await apiDownload(path, { body, onProgress: (received) => setBytes(received), signal: own.signal }), filename);
      return true;
    } catch (error) {
      if (!own.signal.aborted && !(error instanceof SessionExpiredError)) toast.error(error instanceof ApiError ? error.message : MSG.internal);
      return false;
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setBytes(null);
      }
    }
  };
  return { start, cancel, downloading: bytes !== null, bytes: bytes ?? 0 };
}

const AYUDA = `Descarga en Excel las filas de los filtros actuales (hasta ${String(EXPORTAR_MAX_FILAS).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}) con las columnas de la tabla`;

export interface ExportarBotonProps<T extends object> {
  exportar: ListaExportable;
  /** The table's columns as shown (the row actions are left out). */
  columns: TableColumnsType<T>;
  /** The page on screen: the columns' kinds are read from it, and an empty list has nothing to export. */
  rows: readonly T[] | undefined;
  /** The sheet's name: the screen's title. */
  hoja?: string;
}

/** 'Exportar' and, while the file arrives, an active bar with the bytes received and 'Cancelar'. */
export function ExportarBoton<T extends object>({ exportar, columns, rows, hoja }: ExportarBotonProps<T>) {
  const descarga = useDescargaXlsx();
  const vacia = rows !== undefined && rows.length === 0;
  const exportarAhora = () => {
    const columnas = columnasDeExportacion(columns, rows);
    void descarga.start(`${exportar.ruta}/exportar`, { consulta: exportar.consulta, exportar: { nombre: exportar.nombre, hoja, columnas } },
      exportarArchivo(exportar.nombre, limaDate()));
  };
  return (
    <Flex align="center" gap={8}>
      {descarga.downloading && (
        <Flex role="status" aria-live="polite" align="center" gap={8}>
          <Progress percent={100} status="active" showInfo={false} size="small" style={{ width: 96, margin: 0 }} />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>Exportando… {formatBytes(descarga.bytes)}</Typography.Text>
          <Button type="link" size="small" onClick={descarga.cancel}>Cancelar</Button>
        </Flex>
      )}
      <Tooltip title={vacia ? 'No hay filas que exportar' : AYUDA}>
        <Button icon={<FileExcelOutlined />} loading={descarga.downloading} disabled={vacia} onClick={exportarAhora}>
          Exportar
        </Button>
      </Tooltip>
    </Flex>
  );
}
