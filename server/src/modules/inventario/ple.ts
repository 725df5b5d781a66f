import type { AccessProfile } from '@obra/domain';
import { INVENTARIO_MSG, limaDate } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './ple-queries.ts';
import { almacenEnScope } from './service.ts';

/**
 * SUNAT's electronic book 12.1 "Registro del Inventario Permanente en Unidades Físicas – Detalle
 * del inventario permanente en unidades físicas" of one warehouse and one month, as the TXT file
 * SUNAT's PLE program takes (beyond the spec; docs/business-rules.md "Inventory, kardex and stock
 * renewal"). One line per movement, 19 fields each followed by '|', CRLF between lines:
 *
 *  1 periodo AAAAMM00 · 2 CUO · 3 correlativo del asiento (M + número) · 4 establecimiento anexo ·
 *  5 catálogo de existencias (tabla 13) · 6 tipo de existencia (tabla 5) · 7 código propio ·
 *  8 catálogo OSCE · 9 código OSCE · 10 fecha del documento dd/mm/aaaa · 11 tipo de documento
 *  (tabla 10) · 12 serie · 13 número · 14 tipo de operación (tabla 12) · 15 descripción ·
 *  16 unidad de medida (tabla 6) · 17 cantidad ingresada · 18 cantidad retirada · 19 estado de la operación.
 *
 * Each product's month opens with its balance as '16 saldo inicial' when it had stock. The
 * movements are internal documents (tabla 10 '00', serie = TRF/ASI/DEV, número = the document id);
 * the CUO is the document and the correlativo numbers the document's lines within the file.
 */

/** File name: LE + RUC + AAAA + MM + 00 + 120100 + 00 + operaciones 1 + contenido (1 con información, 0 sin) + moneda 1 (soles) + 1 (PLE). */
export function pleNombre(ruc: string, anio: number, mes: number, conInformacion: boolean): string {
  return `LE${ruc}${anio}${String(mes).padStart(2, '0')}00120100001${conInformacion ? 1 : 0}11.txt`;
}

/** What each field carries that is not in our data (docs/business-rules.md). */
export const PLE_FIJOS = {
  establecimiento: '0000',
  /** Tabla 13: 9 = otros (our own product codes). */
  catalogo: '9',
  /** Tabla 5: 99 = otros; the catalogue has no SUNAT existence type per product yet. */
  tipoExistencia: '99',
  /** Tabla 10: 00 = otros (internal documents). */
  tipoDocumento: '00',
  /** 1 = the operation belongs to the period. */
  estado: '1',
} as const;

/** Tabla 12 operation codes used. */
export const OPERACION = {
  COMPRA: '02',
  SALIDA_TRANSFERENCIA: '11',
  SALDO_INICIAL: '16',
  ENTRADA_TRANSFERENCIA: '21',
  ENTRADA_CORRECCION: '22',
  SALIDA_CORRECCION: '23',
  ENTREGA_TRABAJADORES: '36',
  OTROS: '99',
} as const;

/** Tabla 6 (UN/ECE rec. 20) code of our unit symbols; ZZ (mutually defined) for the rest. */
const UNIDAD_SUNAT: Record<string, string> = {
  UND: 'NIU', UN: 'NIU', U: 'NIU', PZA: 'NIU', KG: 'KGM', TN: 'TNE', T: 'TNE', M3: 'MTQ', M2: 'MTK', M: 'MTR',
  GLN: 'GLL', GL: 'GLL', L: 'LTR', LT: 'LTR', BLS: 'BG', PAR: 'PR', CJA: 'BX', RLL: 'RO', JGO: 'SET', HR: 'HUR', PQT: 'PK', GR: 'GRM',
};
export const unidadSunat = (simbolo: string) => UNIDAD_SUNAT[simbolo.trim().toUpperCase()] ?? 'ZZ';

/**
 * The operation of a kardex line: entries of purchase transfers are purchases (02), transfers
 * between warehouses leave (11) and enter (21); an assignment hands goods to a worker (36); the
 * reversals written when a document is deleted are corrections (22 in, 23 out); returns from
 * workers have no code of their own (99).
 */
export function operacion(m: Pick<q.PleMovimiento, 'kdx_doc_tipo' | 'kdx_cantidad' | 'tfi_tipo'>): string {
  const entra = !m.kdx_cantidad.startsWith('-');
  if (m.kdx_doc_tipo === 'TRF') {
    if (m.tfi_tipo === 2) return entra ? OPERACION.ENTRADA_TRANSFERENCIA : OPERACION.SALIDA_TRANSFERENCIA;
    return entra ? OPERACION.COMPRA : OPERACION.SALIDA_CORRECCION;
  }
  if (m.kdx_doc_tipo === 'ASI') return entra ? OPERACION.ENTRADA_CORRECCION : OPERACION.ENTREGA_TRABAJADORES;
  if (m.kdx_doc_tipo === 'DEV') return entra ? OPERACION.OTROS : OPERACION.SALIDA_CORRECCION;
  return OPERACION.OTROS;
}

/** A quantity with 2 decimals, half up, as the PLE takes it; exits negative. */
export function cantidadPle(text: string): string {
  const neg = text.startsWith('-');
  const [int, frac = ''] = text.replace('-', '').split('.');
  let cents = BigInt(int) * 100n + BigInt((frac + '00').slice(0, 2));
  if (Number(frac[2] ?? '0') >= 5) cents += 1n;
  const s = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return neg && cents !== 0n ? `-${s}` : s;
}

/** A free text field: no separator, no line break, at most `max` characters. */
const texto = (s: string, max: number) => s.replace(/[|\s]+/g, ' ').trim().slice(0, max);

const fechaPle = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface PleLinea {
  cuo: string;
  correlativo: string;
  prv_id: number;
  fecha: string;
  serie: string;
  numero: string;
  operacion: string;
  descripcion: string;
  unidad: string;
  ingreso: string;
  retiro: string;
}

/** The fields of one line, in order (19), joined by '|' with the closing '|'. */
export function lineaPle(periodo: string, l: PleLinea): string {
  const f = PLE_FIJOS;
  return [
    periodo, l.cuo, l.correlativo, f.establecimiento, f.catalogo, f.tipoExistencia, String(l.prv_id), '', '',
    fechaPle(l.fecha), f.tipoDocumento, l.serie, l.numero, l.operacion, texto(l.descripcion, 80), l.unidad,
    l.ingreso, l.retiro, f.estado,
  ].join('|') + '|';
}

/** The lines of the book: per product its opening balance (when it had stock) then its movements. */
export function lineasPle(anio: number, mes: number, saldos: q.PleSaldo[], movs: q.PleMovimiento[]): PleLinea[] {
  const mm = String(mes).padStart(2, '0');
  const inicio = `${anio}-${mm}-01`;
  const productos = [...new Set([...saldos.map((s) => s.prv_id), ...movs.map((m) => m.prv_id)])].sort((a, b) => a - b);
  const porCuo = new Map<string, number>();
  const correlativo = (cuo: string) => {
    const n = (porCuo.get(cuo) ?? 0) + 1;
    porCuo.set(cuo, n);
    return `M${n}`;
  };
  const lineas: PleLinea[] = [];
  for (const prv of productos) {
    const saldo = saldos.find((s) => s.prv_id === prv);
    if (saldo) {
      const cuo = `SI${anio}${mm}`;
      lineas.push({ cuo, correlativo: correlativo(cuo), prv_id: prv, fecha: inicio, serie: 'SI', numero: `${anio}${mm}`,
        operacion: OPERACION.SALDO_INICIAL, descripcion: saldo.prv_nombre, unidad: unidadSunat(saldo.unm_simbolo), ingreso: cantidadPle(saldo.saldo), retiro: '0.00' });
    }
    for (const m of movs.filter((x) => x.prv_id === prv)) {
      const cuo = `${m.kdx_doc_tipo}${m.kdx_doc_id}`;
      const sale = m.kdx_cantidad.startsWith('-');
      lineas.push({ cuo, correlativo: correlativo(cuo), prv_id: prv, fecha: m.fecha, serie: m.kdx_doc_tipo, numero: String(m.kdx_doc_id),
        operacion: operacion(m), descripcion: m.prv_nombre, unidad: unidadSunat(m.unm_simbolo),
        ingreso: sale ? '0.00' : cantidadPle(m.kdx_cantidad), retiro: sale ? cantidadPle(m.kdx_cantidad) : '0.00' });
    }
  }
  return lineas;
}

/** The file's text: one line per movement, CRLF after each (empty when the month has nothing). */
export function textoPle(anio: number, mes: number, lineas: PleLinea[]): string {
  const periodo = `${anio}${String(mes).padStart(2, '0')}00`;
  return lineas.map((l) => `${lineaPle(periodo, l)}\r\n`).join('');
}

/** The PLE program reads ISO-8859-1: characters outside it become '?'. */
export const latin1 = (text: string) => Buffer.from(text.replace(/[^\t-\u00ff]/g, '?'), 'latin1');

/** `/productoAlmacen/ple`: the book of a warehouse of the caller's scope for a month that has begun. */
export async function ple(deps: Deps, caller: AccessProfile, v: { alm_id: number; anio: number; mes: number }) {
  await almacenEnScope(deps, projectScope(caller), v.alm_id);
  if (`${v.anio}-${String(v.mes).padStart(2, '0')}` > limaDate().slice(0, 7)) throw badRequest(INVENTARIO_MSG.periodoFuturo);
  const db = deps.database.db;
  const [saldos, movs] = await Promise.all([q.saldosIniciales(db, v.alm_id, v.anio, v.mes), q.movimientos(db, v.alm_id, v.anio, v.mes)]);
  const lineas = lineasPle(v.anio, v.mes, saldos, movs);
  return { nombre: pleNombre(deps.config.company.ruc, v.anio, v.mes, lineas.length > 0), contenido: latin1(textoPle(v.anio, v.mes, lineas)) };
}
