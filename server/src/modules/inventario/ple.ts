import type { AccessProfile } from '@obra/domain';
import { ESTABLECIMIENTO_PRINCIPAL, INVENTARIO_MSG, limaDate } from '@obra/domain';
import Decimal from 'decimal.js';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { projectScope } from '../../platform/scope.ts';
import * as q from './ple-queries.ts';

/**
 * SUNAT's electronic book 12.1 "Registro del Inventario Permanente en Unidades Físicas – Detalle del inventario
 * permanente en unidades físicas" of the company (one RUC, every warehouse) and one month, as the TXT file SUNAT's
 * PLE program takes (beyond the spec; docs/business-rules.md "SUNAT PLE 12.1"). One line per movement, 19 fields
 * each followed by '|', CRLF between lines:
 *
 *  1 periodo AAAAMM00 · 2 CUO · 3 correlativo (A apertura del ejercicio, M movimiento) · 4 establecimiento anexo
 *  (+ correlativo del almacén) · 5 catálogo (tabla 13) · 6 tipo de existencia (tabla 5) · 7 código propio ·
 *  8, 9 catálogo y código GS1/UNSPSC · 10 fecha del documento dd/mm/aaaa · 11 tipo de documento (tabla 10) · 12 serie ·
 *  13 número · 14 tipo de operación (tabla 12) · 15 descripción · 16 unidad de medida (tabla 6) · 17 entradas ·
 *  18 salidas · 19 estado de la operación.
 *
 * Each product of each warehouse opens with its balance ('16 saldo inicial', the first tuple), then its movements.
 *
 * Book 13.1 "Registro de Inventario Permanente Valorizado – Detalle del inventario valorizado" (docs/business-rules.md
 * "Kardex valorizado") is the same lines from the same code, with 27 fields: 1–16 as in 12.1, then 17 método de
 * valuación (tabla 14), 18–20 entrada cantidad / costo unitario / costo total, 21–23 salida cantidad / costo unitario /
 * costo total (cantidad and total negative), 24–26 saldo final cantidad / costo unitario / costo total, 27 estado.
 */

/** The two books this module writes: their code in the file name. */
export const LIBRO = { UNIDADES: '120100', VALORIZADO: '130100' } as const;
export type Libro = (typeof LIBRO)[keyof typeof LIBRO];

/** File name: LE + RUC + AAAA + MM + 00 + libro (120100, 130100) + 00 + operaciones 1 + contenido (1 con información, 0 sin) + moneda 1 (soles) + 1 (PLE). */
export function pleNombre(ruc: string, anio: number, mes: number, conInformacion: boolean, libro: Libro = LIBRO.UNIDADES): string {
  return `LE${ruc}${anio}${String(mes).padStart(2, '0')}00${libro}001${conInformacion ? 1 : 0}11.txt`;
}

/**
 * Tabla 14 (método de valuación) codes used by 13.1: 1 promedio ponderado, the ledger's method; 5 identificación
 * específica for a serialised product, whose every unit is its own stock row valued at its own cost.
 */
export const METODO_VALUACION = { PROMEDIO_PONDERADO: '1', IDENTIFICACION_ESPECIFICA: '5' } as const;

/** What each field carries that is not in our data (docs/business-rules.md). */
export const PLE_FIJOS = {
  /** Tabla 13: 9 = otros (our own product codes). */
  catalogo: '9',
  /** Tabla 10: 00 = otros (internal documents). */
  documentoInterno: '00',
  /** 1 = the operation belongs to the period. */
  estado: '1',
} as const;

/** Tabla 12 operation codes used. */
export const OPERACION = {
  COMPRA: '02',
  SALIDA_TRANSFERENCIA: '11',
  SALDO_INICIAL: '16',
  IMPORTACION: '18',
  ENTRADA_TRANSFERENCIA: '21',
  ENTRADA_CORRECCION: '22',
  SALIDA_CORRECCION: '23',
  ENTREGA_TRABAJADORES: '36',
  OTROS: '99',
} as const;

/** Tabla 10 DUA: its entry is an import. */
const DUA = '50';

/** Tabla 6 (UN/ECE rec. 20) code of our unit symbols; ZZ (mutually defined) for the rest. */
const UNIDAD_SUNAT: Record<string, string> = {
  UND: 'NIU', UN: 'NIU', U: 'NIU', PZA: 'NIU', KG: 'KGM', TN: 'TNE', T: 'TNE', M3: 'MTQ', M2: 'MTK', M: 'MTR',
  GLN: 'GLL', GL: 'GLL', L: 'LTR', LT: 'LTR', BLS: 'BG', PAR: 'PR', CJA: 'BX', RLL: 'RO', JGO: 'SET', HR: 'HUR', PQT: 'PK', GR: 'GRM',
};
export const unidadSunat = (simbolo: string) => UNIDAD_SUNAT[simbolo.trim().toUpperCase()] ?? 'ZZ';

/**
 * Field 4 of each warehouse: its establishment code; when several warehouses that moved stock share one (several
 * yards of one plant, building sites on third-party premises as 9999), the first to move stock keeps the bare code
 * and the n-th adds the 3-digit correlative the field allows (`9999002`). The order is that of their first kardex
 * line, which never changes (the ledger is append-only and a warehouse with lines cannot be removed).
 */
export function codigosEstablecimiento(almacenes: q.PleAlmacen[]): Map<number, string> {
  const codigos = new Map<number, string>();
  const orden = [...almacenes].sort((a, b) => a.primera_linea - b.primera_linea);
  const vistos = new Map<string, number>();
  for (const a of orden) {
    const n = (vistos.get(a.alm_establecimiento) ?? 0) + 1;
    vistos.set(a.alm_establecimiento, n);
    codigos.set(a.alm_id, n === 1 ? a.alm_establecimiento : `${a.alm_establecimiento}${String(n).padStart(3, '0')}`);
  }
  return codigos;
}

interface Documento {
  tipo: string;
  serie: string;
  numero: string;
  operacion: string;
}

/** An internal document (tabla 10 '00'): the transfer's code (`TRF` `2026-000015`), else the kind and the id. */
function interno(m: q.PleMovimiento, operacion: string): Documento {
  const numero = m.tfi_codigo?.startsWith(`${m.kdx_doc_tipo}-`) ? m.tfi_codigo.slice(m.kdx_doc_tipo.length + 1) : String(m.kdx_doc_id);
  return { tipo: PLE_FIJOS.documentoInterno, serie: m.kdx_doc_tipo, numero, operacion };
}

/**
 * Fields 11–14 of a kardex line. Entries of purchase transfers (order receipts, external purchases) are purchases
 * (02; 18 with a DUA) with the supplier's document; one received without it cannot be a purchase with document 00
 * (field 11 rule 3), so it goes as 99 otros with the transfer as internal document. Transfers between warehouses
 * leave (11) and enter (21); an assignment hands goods to a worker (36); the reversals written when a document is
 * deleted are corrections (22 in, 23 out); returns from workers have no code of their own (99).
 */
export function documento(m: q.PleMovimiento): Documento {
  const entra = !m.kdx_cantidad.startsWith('-');
  if (m.kdx_doc_tipo === 'TRF') {
    if (m.tfi_tipo === 2) return interno(m, entra ? OPERACION.ENTRADA_TRANSFERENCIA : OPERACION.SALIDA_TRANSFERENCIA);
    if (!entra) return interno(m, OPERACION.SALIDA_CORRECCION);
    if (!m.tfi_doc_tipo) return interno(m, OPERACION.OTROS);
    return {
      tipo: m.tfi_doc_tipo, serie: m.tfi_doc_serie ?? '', numero: m.tfi_doc_numero ?? '',
      operacion: m.tfi_doc_tipo === DUA ? OPERACION.IMPORTACION : OPERACION.COMPRA,
    };
  }
  if (m.kdx_doc_tipo === 'ASI') return interno(m, entra ? OPERACION.ENTRADA_CORRECCION : OPERACION.ENTREGA_TRABAJADORES);
  if (m.kdx_doc_tipo === 'DEV') return interno(m, entra ? OPERACION.OTROS : OPERACION.SALIDA_CORRECCION);
  return interno(m, OPERACION.OTROS);
}

/**
 * Field 10, the date of the line's document: a purchase's supplier document its own issue date as entered on the
 * receipt (never later than the entry, which the receipt checks); every other line, the day it moved (Lima).
 */
export function fechaDocumento(m: q.PleMovimiento): string {
  const compra = m.kdx_doc_tipo === 'TRF' && m.tfi_tipo !== 2 && !m.kdx_cantidad.startsWith('-') && m.tfi_doc_tipo;
  return compra && m.tfi_doc_fecha ? m.tfi_doc_fecha : m.fecha;
}

/** The PLE's quantity format: 2 decimals, no thousands separator, exits negative, zero as '0.00'. */
const cantidad = (d: Decimal) => (d.isZero() ? '0.00' : d.toFixed(2));
const redondeo = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * Fields 17 and 18 of a product's lines. The structure takes at most 2 decimals while the ledger keeps 4, so the
 * book follows the balance: each line moves the balance rounded to 2 decimals, i.e. a quantity with up to 2 decimals
 * is written as it is and one with more absorbs the rounding, and the book's balance after every line is the
 * ledger's balance rounded (it never drifts, and next month's opening continues it).
 */
export function cantidadesPle(saldoInicial: string, movimientos: string[]): { saldo: string; lineas: { ingreso: string; retiro: string }[] } {
  let exacto = new Decimal(saldoInicial);
  let escrito = redondeo(exacto);
  const saldo = cantidad(escrito);
  const lineas = movimientos.map((c) => {
    exacto = exacto.plus(c);
    const siguiente = redondeo(exacto);
    const delta = siguiente.minus(escrito);
    escrito = siguiente;
    return c.startsWith('-') ? { ingreso: '0.00', retiro: cantidad(delta) } : { ingreso: cantidad(delta), retiro: '0.00' };
  });
  return { saldo, lineas };
}

/** A free text field (general rule 2): no '|', '/' or '\', no line break, at most `max` characters. */
const texto = (s: string, max: number) => s.replace(/[/\\]/g, '-').replace(/[|\s]+/g, ' ').trim().slice(0, max);

const fechaPle = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The valued fields of a line (13.1): signed NUMERIC texts in soles; quantities as the book writes them (2 decimals). */
export interface PleValor {
  metodo: string;
  costoIngreso: string;
  totalIngreso: string;
  costoRetiro: string;
  totalRetiro: string;
  saldoCantidad: string;
  saldoCosto: string;
  saldoTotal: string;
}

export interface PleLinea {
  valor: PleValor;
  cuo: string;
  correlativo: string;
  establecimiento: string;
  tipoExistencia: string;
  prv_id: number;
  fecha: string;
  documento: Documento;
  descripcion: string;
  unidad: string;
  ingreso: string;
  retiro: string;
}

/** Fields 1–16, common to both books. */
const camposComunes = (periodo: string, l: PleLinea) => {
  const d = l.documento;
  return [
    periodo, l.cuo, l.correlativo, l.establecimiento, PLE_FIJOS.catalogo, l.tipoExistencia, String(l.prv_id), '', '',
    fechaPle(l.fecha), d.tipo, d.serie, d.numero, d.operacion, texto(l.descripcion, 80), l.unidad,
  ];
};

/** The fields of one 12.1 line, in order (19), joined by '|' with the closing '|'. */
export function lineaPle(periodo: string, l: PleLinea): string {
  return [...camposComunes(periodo, l), l.ingreso, l.retiro, PLE_FIJOS.estado].join('|') + '|';
}

/** The fields of one 13.1 line, in order (27), joined by '|' with the closing '|'. */
export function lineaPleValorizado(periodo: string, l: PleLinea): string {
  const v = l.valor;
  return [
    ...camposComunes(periodo, l), v.metodo, l.ingreso, v.costoIngreso, v.totalIngreso, l.retiro, v.costoRetiro, v.totalRetiro,
    v.saldoCantidad, v.saldoCosto, v.saldoTotal, PLE_FIJOS.estado,
  ].join('|') + '|';
}

/** A unit cost: at least 2 and at most 8 decimals (what the ledger keeps), no thousands separator. */
export function costoPle(d: Decimal.Value): string {
  const c = new Decimal(d).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  return c.toFixed(Math.max(2, c.decimalPlaces()));
}
const monto = (d: Decimal) => (d.isZero() ? '0.00' : d.toFixed(2));

/**
 * The lines of the book: per establishment code and product, its opening balance (the first tuple, 0.00 when it had
 * none) then its movements. The opening of January is the fiscal year's opening entry ('A'), every other line 'M';
 * the correlativo numbers the lines of each CUO in the file.
 */
export function lineasPle(anio: number, mes: number, almacenes: q.PleAlmacen[], saldos: q.PleSaldo[], movs: q.PleMovimiento[]): PleLinea[] {
  const mm = String(mes).padStart(2, '0');
  const establecimientos = codigosEstablecimiento(almacenes);
  const grupos = new Map<string, { producto: q.PleProducto; saldo: string; valor: string; movs: q.PleMovimiento[] }>();
  const grupo = (p: q.PleProducto) => {
    const key = `${p.alm_id}:${p.prv_id}`;
    if (!grupos.has(key)) grupos.set(key, { producto: p, saldo: '0', valor: '0', movs: [] });
    return grupos.get(key)!;
  };
  for (const s of saldos) Object.assign(grupo(s), { saldo: s.saldo, valor: s.valor });
  for (const m of movs) grupo(m).movs.push(m);
  const establecimiento = (almId: number) => establecimientos.get(almId) ?? ESTABLECIMIENTO_PRINCIPAL;
  const ordenados = [...grupos.values()].sort((a, b) =>
    establecimiento(a.producto.alm_id).localeCompare(establecimiento(b.producto.alm_id)) || a.producto.prv_id - b.producto.prv_id);

  const porCuo = new Map<string, number>();
  const correlativo = (cuo: string, prefijo: 'A' | 'M') => {
    const n = (porCuo.get(cuo) ?? 0) + 1;
    porCuo.set(cuo, n);
    return `${prefijo}${n}`;
  };
  const lineas: PleLinea[] = [];
  for (const g of ordenados) {
    const p = g.producto;
    const comun = {
      establecimiento: establecimiento(p.alm_id), tipoExistencia: p.cat_tipo_existencia, prv_id: p.prv_id,
      descripcion: p.prv_nombre, unidad: unidadSunat(p.unm_simbolo),
    };
    const cantidades = cantidadesPle(g.saldo, g.movs.map((m) => m.kdx_cantidad));
    // 13.1: the balance's quantity is the book's (12.1's rounded balance), its value the ledger's (Σ of the rows' values).
    const metodo = p.prv_item === 1 ? METODO_VALUACION.IDENTIFICACION_ESPECIFICA : METODO_VALUACION.PROMEDIO_PONDERADO;
    let saldoCantidad = new Decimal(cantidades.saldo);
    let saldoTotal = new Decimal(g.valor);
    const saldo = () => ({
      saldoCantidad: cantidad(saldoCantidad), saldoTotal: monto(saldoTotal),
      saldoCosto: saldoCantidad.isZero() ? '0.00' : costoPle(saldoTotal.div(saldoCantidad)),
    });
    const apertura = `SI${anio}${mm}`;
    lineas.push({
      ...comun, cuo: apertura, correlativo: correlativo(apertura, mes === 1 ? 'A' : 'M'), fecha: `${anio}-${mm}-01`,
      documento: { tipo: PLE_FIJOS.documentoInterno, serie: 'SI', numero: `${anio}${mm}`, operacion: OPERACION.SALDO_INICIAL },
      ingreso: cantidades.saldo, retiro: '0.00',
      valor: { metodo, costoIngreso: saldo().saldoCosto, totalIngreso: monto(saldoTotal), costoRetiro: '0.00', totalRetiro: '0.00', ...saldo() },
    });
    g.movs.forEach((m, i) => {
      const cuo = `${m.kdx_doc_tipo}${m.kdx_doc_id}`;
      const q = cantidades.lineas[i];
      const valor = new Decimal(m.kdx_valor);
      saldoCantidad = saldoCantidad.plus(q.ingreso).plus(q.retiro);
      saldoTotal = saldoTotal.plus(valor);
      const entra = !m.kdx_cantidad.startsWith('-');
      lineas.push({
        ...comun, cuo, correlativo: correlativo(cuo, 'M'), fecha: fechaDocumento(m), documento: documento(m), ...q,
        valor: {
          metodo,
          costoIngreso: entra ? costoPle(m.kdx_costo_unitario) : '0.00', totalIngreso: entra ? monto(valor) : '0.00',
          costoRetiro: entra ? '0.00' : costoPle(m.kdx_costo_unitario), totalRetiro: entra ? '0.00' : monto(valor),
          ...saldo(),
        },
      });
    });
  }
  return lineas;
}

/** The file's text: one line per movement, CRLF after each (empty when the month has nothing). */
export function textoPle(anio: number, mes: number, lineas: PleLinea[], libro: Libro = LIBRO.UNIDADES): string {
  const periodo = `${anio}${String(mes).padStart(2, '0')}00`;
  const linea = libro === LIBRO.VALORIZADO ? lineaPleValorizado : lineaPle;
  return lineas.map((l) => `${linea(periodo, l)}\r\n`).join('');
}

/** The PLE program reads ISO-8859-1: characters outside it become '?'. */
export const latin1 = (text: string) => Buffer.from(text.replace(/[^\t-\u00ff]/g, '?'), 'latin1');

/**
 * `/productoAlmacen/ple` (12.1) and `/productoAlmacen/pleValorizado` (13.1): the company's book (every warehouse) for a month that has begun. It reports every
 * project's stock under the company's RUC, so only a corporate user generates it.
 */
export async function ple(deps: Deps, caller: AccessProfile, v: { anio: number; mes: number }, libro: Libro = LIBRO.UNIDADES) {
  if (projectScope(caller).kind !== 'all') throw forbidden(INVENTARIO_MSG.pleCorporativo);
  if (`${v.anio}-${String(v.mes).padStart(2, '0')}` > limaDate().slice(0, 7)) throw badRequest(INVENTARIO_MSG.periodoFuturo);
  const db = deps.database.db;
  const [saldos, movs] = await Promise.all([q.saldosIniciales(db, v.anio, v.mes), q.movimientos(db, v.anio, v.mes)]);
  // Read after the lines, so every warehouse they name is there with its first line.
  const almacenes = await q.almacenes(db);
  const lineas = lineasPle(v.anio, v.mes, almacenes, saldos, movs);
  return { nombre: pleNombre(deps.config.company.ruc, v.anio, v.mes, lineas.length > 0, libro), contenido: latin1(textoPle(v.anio, v.mes, lineas, libro)) };
}
