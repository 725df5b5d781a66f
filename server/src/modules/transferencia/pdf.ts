import type { AccessProfile, Transferencia } from '@obra/domain';
import { TFI_ESTADO, TFI_TIPO, docProveedorNombre, formatDecimal } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { PDF_STYLE, date, openPdf, orDash } from '../../platform/pdf.ts';
import * as q from './queries.ts';
import { obtener } from './service.ts';

/**
 * The entry order ("orden de ingreso") of a transfer (spec 2 §2 options, §6, §9): A4 portrait, 18 lines per
 * page, the whole header (company, document data, the table's header) repeated on every page, and on every
 * page's foot the signatures of the registrar (Jefe Logística) and the receiver (Jefe Almacén): the user's
 * signature image above the line when they have one, always their name under it. pdfkit's Helvetica only.
 */

export const LINEAS_POR_PAGINA = 18;

interface Firma { rol: string; nombre: string; imagen: Buffer | null; nota: string }

export interface OrdenIngresoData {
  empresa: { name: string; ruc: string; address: string };
  t: Transferencia;
  firmas: Firma[];
}

const { REG, BOLD, TEXT, MUTED, RULE, SHADE, PAGE_W, PAGE_H } = PDF_STYLE;
const M = 36;
const W = PAGE_W - 2 * M;
const ROW_H = 24;

type Doc = PDFKit.PDFDocument;

/** Table columns: N°, product, serial, unit, sent, entered, notes. */
const COLS = [
  { key: 'n', title: 'N°', w: 24, align: 'center' as const },
  { key: 'producto', title: 'Producto', w: 170, align: 'left' as const },
  { key: 'serie', title: 'N° serie', w: 70, align: 'left' as const },
  { key: 'und', title: 'UND', w: 34, align: 'center' as const },
  { key: 'enviada', title: 'Cant. enviada', w: 58, align: 'right' as const },
  { key: 'ingresada', title: 'Cant. ingresada', w: 62, align: 'right' as const },
  { key: 'notas', title: 'Notas', w: 0, align: 'left' as const },
];
COLS[COLS.length - 1].w = W - COLS.slice(0, -1).reduce((s, c) => s + c.w, 0);

function dataRows(t: Transferencia): [string, string][] {
  const rows: [string, string][] = [
    ['Tipo', t.tfi_tipo === TFI_TIPO.ORDEN_COMPRA ? `${t.tfi_tipo_nombre} ${orDash(t.ord_code)}` : t.tfi_tipo_nombre],
    ['Estado', t.est_nombre],
    ['Almacén destino', `${t.pry_destino_nombre} | ${t.alm_destino_nombre}`],
    ['Almacén origen', t.alm_origen_nombre ? `${orDash(t.pry_origen_nombre)} | ${t.alm_origen_nombre}` : '-'],
    ['Fecha de registro', date(t.tfi_fecha_registro, true)],
    ['Llegada estimada', date(t.tfi_fecha_estimada_llegada)],
    ['Fecha de ingreso', date(t.tfi_fecha_ingreso, true)],
    ['Guía de remisión', orDash(t.tfi_guia_remision)],
  ];
  if (t.tfi_doc_tipo) {
    rows.push(['Comprobante prov.', `${docProveedorNombre(t.tfi_doc_tipo)} ${t.tfi_doc_serie}-${t.tfi_doc_numero}${t.tfi_doc_fecha ? ` del ${date(t.tfi_doc_fecha)}` : ''}`]);
  }
  return rows;
}

function header(doc: Doc, data: OrdenIngresoData, pagina: number, paginas: number): number {
  const { empresa, t } = data;
  doc.font(BOLD).fontSize(14).fillColor(TEXT).text(empresa.name, M, M, { width: W - 210, lineBreak: false });
  doc.font(REG).fontSize(8).fillColor(MUTED).text(`RUC ${empresa.ruc}`, M, M + 18, { width: W - 210, lineBreak: false })
    .text(empresa.address, M, M + 29, { width: W - 210, lineBreak: false });
  const boxW = 200;
  const boxX = M + W - boxW;
  doc.rect(boxX, M, boxW, 46).lineWidth(1).stroke(TEXT);
  doc.font(BOLD).fontSize(11).fillColor(TEXT).text('ORDEN DE INGRESO', boxX, M + 8, { width: boxW, align: 'center', lineBreak: false });
  doc.fontSize(10).text(`N° ${t.tfi_codigo}`, boxX, M + 26, { width: boxW, align: 'center', lineBreak: false });
  let y = M + 60;
  const rows = dataRows(t);
  const colW = W / 2;
  rows.forEach(([label, value], i) => {
    const x = M + (i % 2) * colW;
    const ry = y + Math.floor(i / 2) * 13;
    doc.font(BOLD).fontSize(8).fillColor(TEXT).text(`${label}:`, x, ry, { width: 88, lineBreak: false });
    doc.font(REG).text(value, x + 90, ry, { width: colW - 96, lineBreak: false, ellipsis: true });
  });
  y += Math.ceil(rows.length / 2) * 13 + 4;
  if (t.tfi_notas.trim()) {
    doc.font(BOLD).fontSize(8).text('Notas:', M, y, { width: 88, lineBreak: false });
    doc.font(REG).text(t.tfi_notas.trim(), M + 90, y, { width: W - 90, height: 20, ellipsis: true });
    y += 22;
  }
  doc.font(REG).fontSize(7).fillColor(MUTED).text(`Página ${pagina} de ${paginas}`, M, y, { width: W, align: 'right', lineBreak: false });
  y += 11;
  // The table's header.
  doc.rect(M, y, W, 18).fill(SHADE);
  let x = M;
  doc.font(BOLD).fontSize(7.5).fillColor(TEXT);
  for (const c of COLS) {
    doc.text(c.title, x + 3, y + 5, { width: c.w - 6, align: c.align, lineBreak: false });
    x += c.w;
  }
  return y + 18;
}

function row(doc: Doc, y: number, n: number, l: Transferencia['detalle'][number], externa: boolean) {
  const values: Record<string, string> = {
    n: String(n),
    producto: l.prv_nombre,
    serie: orDash(l.pal_numero_serie),
    und: l.unm_simbolo,
    enviada: formatDecimal(l.tid_cantidad),
    // An external purchase entered what it registered.
    ingresada: l.tid_ingreso_cantidad !== null ? formatDecimal(l.tid_ingreso_cantidad) : externa ? formatDecimal(l.tid_cantidad) : '-',
    notas: orDash(l.tid_ingreso_notas),
  };
  let x = M;
  doc.font(REG).fontSize(7.5).fillColor(TEXT);
  for (const c of COLS) {
    doc.text(values[c.key], x + 3, y + 4, { width: c.w - 6, align: c.align, height: ROW_H - 6, ellipsis: true });
    x += c.w;
  }
  doc.moveTo(M, y + ROW_H).lineTo(M + W, y + ROW_H).lineWidth(0.4).stroke(RULE);
}

function signatures(doc: Doc, firmas: Firma[]) {
  const top = PAGE_H - M - 110;
  const boxW = 190;
  const gap = W - 2 * boxW;
  firmas.forEach((f, i) => {
    const x = M + i * (boxW + gap);
    const lineY = top + 56;
    if (f.imagen) {
      try {
        doc.image(f.imagen, x + 20, top + 4, { fit: [boxW - 40, 50], align: 'center', valign: 'bottom' });
      } catch {
        // A stored signature pdfkit cannot read leaves the space blank rather than failing the document.
      }
    }
    doc.moveTo(x, lineY).lineTo(x + boxW, lineY).lineWidth(0.8).stroke(TEXT);
    doc.font(BOLD).fontSize(8.5).fillColor(TEXT).text(f.rol, x, lineY + 4, { width: boxW, align: 'center', lineBreak: false });
    doc.font(REG).fontSize(8).text(f.nombre, x, lineY + 16, { width: boxW, align: 'center', lineBreak: false, ellipsis: true });
    doc.fontSize(7).fillColor(MUTED).text(f.nota, x, lineY + 28, { width: boxW, align: 'center', lineBreak: false, ellipsis: true });
  });
}

/** The entry order as a PDF. Pure: everything it prints comes in `data`. */
export async function buildOrdenIngresoPdf(data: OrdenIngresoData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    layout: 'portrait', autoFirstPage: false, margins: { top: M, bottom: 0, left: M, right: M },
    compress: opts.compress ?? true, info: { Title: `Orden de ingreso ${data.t.tfi_codigo}`, Author: data.empresa.name },
  });
  const lineas = data.t.detalle;
  const paginas = Math.max(1, Math.ceil(lineas.length / LINEAS_POR_PAGINA));
  for (let p = 0; p < paginas; p++) {
    doc.addPage();
    let y = header(doc, data, p + 1, paginas);
    lineas.slice(p * LINEAS_POR_PAGINA, (p + 1) * LINEAS_POR_PAGINA).forEach((l, i) => {
      row(doc, y, p * LINEAS_POR_PAGINA + i + 1, l, data.t.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA);
      y += ROW_H;
    });
    signatures(doc, data.firmas);
  }
  doc.end();
  return bytes;
}

/** The signature boxes: the registrar as Jefe Logística, the receiver as Jefe Almacén. */
async function firmas(deps: Deps, t: Transferencia): Promise<Firma[]> {
  const ids = [t.tfi_usu_registrador, ...(t.tfi_usu_recepcionador ? [t.tfi_usu_recepcionador] : [])];
  const users = new Map((await q.firmantes(deps.database.db, ids)).map((u) => [Number(u.usu_id), u]));
  const imagen = async (id: number | null) => {
    const key = id ? users.get(id)?.usu_firma : null;
    return key ? (await deps.storage.get(key)) ?? null : null;
  };
  const recibido = t.est_id === TFI_ESTADO.INGRESO_CONFIRMADO || t.est_id === TFI_ESTADO.INGRESO_PARCIAL;
  return [
    { rol: 'Jefe Logística', nombre: t.tfi_usu_registrador_nombre, imagen: await imagen(t.tfi_usu_registrador), nota: `Registró el ${date(t.tfi_fecha_registro, true)}` },
    recibido
      ? { rol: 'Jefe Almacén', nombre: orDash(t.tfi_usu_recepcionador_nombre), imagen: await imagen(t.tfi_usu_recepcionador), nota: `Recibió el ${date(t.tfi_fecha_ingreso, true)}` }
      : { rol: 'Jefe Almacén', nombre: '', imagen: null, nota: t.tfi_tipo === TFI_TIPO.COMPRA_EXTERNA ? 'Ingresó al registrarse (compra externa)' : 'Pendiente de ingreso' },
  ];
}

export async function ordenIngresoPdf(deps: Deps, caller: AccessProfile, tfiId: number): Promise<{ content: Buffer; nombre: string }> {
  const t = await obtener(deps, caller, tfiId);
  const content = await buildOrdenIngresoPdf({ empresa: deps.config.company, t, firmas: await firmas(deps, t) });
  return { content, nombre: `orden-ingreso-${t.tfi_codigo}.pdf` };
}
