/**
 * The printed representation of a factura or boleta (A4): the company header beside the box with
 * the document title, RUC and series-number; the buyer; the lines (header repeated on every page);
 * OP. GRAVADA, IGV and total; 'SON: ... SOLES'; the QR with SUNAT's QR content and the legend
 * 'Representación impresa de la ...'. Built like the order PDF (modules/orden/pdf.ts): pdfkit's
 * Helvetica, whose WinAnsi encoding covers Spanish accents, ñ, ² and ³.
 */
import { CPE_MOTIVOS_NC, CPE_MOTIVOS_ND, formatAmount, formatDecimal, formatRate, sumaCuotas } from '@obra/domain';
import { montoEnLetras } from '../letras.ts';
import type { ComprobanteLinea, ComprobanteSolicitud, EmisorComprobantes } from '../tipos.ts';
import { PDF_STYLE, openPdf } from '../../pdf.ts';
import { dibujarQr } from '../qr.ts';
import { TITULO_TIPO, serieNumero } from '../solicitud.ts';

/** What the PDF prints of the signed document. */
export interface ComprobanteImpreso {
  /** The signature's DigestValue ("valor resumen"); null when the channel signs on its side and has not said it yet. */
  hash: string | null;
  /** SUNAT's QR content. */
  codigo_qr: string;
  /** A line printed in bold under the legend: 'Demostración: no enviado a SUNAT', or '' for a real document. */
  aviso: string;
}

export interface ComprobantePdfOptions {
  /** Compressed content streams (default); tests read the text with false. */
  compress?: boolean;
}

type Doc = PDFKit.PDFDocument;

const { REG, BOLD, TEXT, MUTED, RULE, SHADE, PAGE_W, PAGE_H } = PDF_STYLE;

const M = 40;
const W = PAGE_W - 2 * M;
const BOTTOM = PAGE_H - M - 24;
const QR = 92;

const DOCUMENTO: Record<string, string> = { '6': 'RUC', '1': 'DNI', '4': 'CE', '0': 'Doc.' };
const UNIDAD: Record<string, string> = { MTQ: 'm³', HUR: 'hora', NIU: 'und', ZZ: 'servicio', KGM: 'kg', TNE: 't', LTR: 'l' };
const MONEDA = { PEN: { simbolo: 'S/', nombre: 'SOLES' }, USD: { simbolo: 'US$', nombre: 'DÓLARES AMERICANOS' } } as const;

const fecha = (iso: string) => iso.split('-').reverse().join('/');

interface Writer { doc: Doc; y: number; s: ComprobanteSolicitud }

interface Columna { titulo: string; ancho: number; derecha?: boolean; valor: (l: ComprobanteLinea) => string }

const COLUMNAS: Columna[] = [
  { titulo: 'CANT.', ancho: 44, derecha: true, valor: (l) => formatDecimal(l.cantidad) },
  { titulo: 'UNIDAD', ancho: 46, valor: (l) => UNIDAD[l.unidad] ?? l.unidad },
  { titulo: 'CÓDIGO', ancho: 58, valor: (l) => l.codigo },
  { titulo: 'DESCRIPCIÓN', ancho: 0, valor: (l) => l.descripcion },
  { titulo: 'V. UNIT.', ancho: 62, derecha: true, valor: (l) => formatDecimal(l.valor_unitario, 2) },
  { titulo: 'P. UNIT.', ancho: 62, derecha: true, valor: (l) => formatDecimal(l.precio_unitario, 2) },
  { titulo: 'VALOR VENTA', ancho: 70, derecha: true, valor: (l) => formatAmount(l.subtotal) },
];
// The description takes what the other columns leave.
COLUMNAS[3].ancho = W - COLUMNAS.reduce((a, c) => a + c.ancho, 0);

function cabecera(w: Writer, emisor: EmisorComprobantes) {
  const { doc, s } = w;
  const boxW = 190;
  const boxX = M + W - boxW;
  const leftW = W - boxW - 16;
  doc.font(BOLD).fontSize(15).fillColor(TEXT).text(emisor.razon_social, M, M, { width: leftW });
  doc.font(REG).fontSize(8.5).fillColor(MUTED).text(`RUC ${emisor.ruc}`, { width: leftW }).text(emisor.direccion, { width: leftW });
  const leftBottom = doc.y;
  doc.lineWidth(1.2).strokeColor(TEXT).roundedRect(boxX, M, boxW, 72, 4).stroke();
  doc.font(BOLD).fontSize(11).fillColor(TEXT)
    .text(`RUC ${emisor.ruc}`, boxX, M + 10, { width: boxW, align: 'center' })
    .text(TITULO_TIPO[s.tipo], boxX, M + 28, { width: boxW, align: 'center' })
    .text(serieNumero(s), boxX, M + 48, { width: boxW, align: 'center' });
  w.y = Math.max(leftBottom, M + 72) + 14;
}

function cliente(w: Writer) {
  const { doc, s } = w;
  const c = s.cliente;
  const filas: [string, string][] = [
    ['Señor(es)', c.nombre],
    [DOCUMENTO[c.tipo_documento] ?? 'Doc.', c.numero_documento.trim() || '-'],
    ['Dirección', c.direccion.trim() || '-'],
    ['Fecha de emisión', `${fecha(s.fecha_emision)} ${s.hora_emision}`],
    ['Moneda', MONEDA[s.moneda].nombre],
    // A note modifies a document and says why (issue 23); a voucher says how it is paid.
    ...(s.nota
      ? [
        ['Documento que modifica', `${s.nota.tipo === '01' ? 'Factura' : 'Boleta'} ${serieNumero(s.nota)} del ${fecha(s.nota.fecha_emision)}`],
        ['Motivo', `${s.nota.motivo_codigo} · ${(s.tipo === 'nota_credito' ? CPE_MOTIVOS_NC : CPE_MOTIVOS_ND)[s.nota.motivo_codigo] ?? ''}: ${s.nota.motivo}`],
      ] as [string, string][]
      : [['Forma de pago', credito(s) ? 'Crédito' : 'Contado']] as [string, string][]),
    ['Orden de venta', s.orden],
  ];
  // Wide enough for 'Documento que modifica:' on one line (a wrapped label would run into the next row).
  const labelW = 125;
  for (const [label, value] of filas) {
    doc.font(BOLD).fontSize(8.5).fillColor(TEXT).text(`${label}:`, M, w.y, { width: labelW, lineBreak: false });
    doc.font(REG).text(value, M + labelW, w.y, { width: W - labelW });
    w.y = doc.y + 3;
  }
  w.y += 8;
}

function encabezadoTabla(w: Writer) {
  const { doc } = w;
  doc.rect(M, w.y, W, 18).fill(SHADE);
  let x = M;
  for (const col of COLUMNAS) {
    doc.font(BOLD).fontSize(7.5).fillColor(TEXT).text(col.titulo, x + 3, w.y + 5, { width: col.ancho - 6, align: col.derecha ? 'right' : 'left', lineBreak: false });
    x += col.ancho;
  }
  w.y += 18;
}

function nuevaPagina(w: Writer) {
  w.doc.addPage();
  w.y = M;
  w.doc.font(BOLD).fontSize(9).fillColor(MUTED).text(`${TITULO_TIPO[w.s.tipo]} ${serieNumero(w.s)} (continuación)`, M, w.y, { width: W, lineBreak: false });
  w.y += 18;
}

function lineas(w: Writer) {
  const { doc, s } = w;
  encabezadoTabla(w);
  for (const l of s.lineas) {
    doc.font(REG).fontSize(8);
    const alto = Math.max(...COLUMNAS.map((c) => doc.heightOfString(c.valor(l), { width: c.ancho - 6 }))) + 8;
    if (w.y + alto > BOTTOM) {
      nuevaPagina(w);
      encabezadoTabla(w);
    }
    let x = M;
    for (const col of COLUMNAS) {
      doc.font(REG).fontSize(8).fillColor(TEXT).text(col.valor(l), x + 3, w.y + 4, { width: col.ancho - 6, align: col.derecha ? 'right' : 'left' });
      x += col.ancho;
    }
    w.y += alto;
    doc.lineWidth(0.5).strokeColor(RULE).moveTo(M, w.y).lineTo(M + W, w.y).stroke();
  }
  w.y += 10;
}

function totales(w: Writer) {
  const { doc, s } = w;
  const simbolo = MONEDA[s.moneda].simbolo;
  const filas: [string, string][] = [
    ['OP. GRAVADA', s.subtotal],
    [`IGV ${formatRate(s.igv_tasa)} %`, s.igv],
    ['IMPORTE TOTAL', s.total],
  ];
  if (w.y + filas.length * 15 + 40 > BOTTOM) nuevaPagina(w);
  const labelX = M + W - 230;
  for (const [i, [label, monto]] of filas.entries()) {
    const font = i === filas.length - 1 ? BOLD : REG;
    doc.font(font).fontSize(9).fillColor(TEXT).text(label, labelX, w.y, { width: 130, lineBreak: false });
    doc.font(font).text(`${simbolo} ${formatAmount(monto)}`, labelX + 130, w.y, { width: 100, align: 'right', lineBreak: false });
    w.y += 15;
  }
  w.y += 6;
  doc.font(BOLD).fontSize(8.5).text(`SON: ${montoEnLetras(s.total, s.moneda)}`, M, w.y, { width: W });
  w.y = doc.y + 8;
  if (s.observaciones?.trim()) {
    doc.font(BOLD).fontSize(8.5).text('Observaciones:', M, w.y, { width: W });
    doc.font(REG).text(s.observaciones.trim(), { width: W });
    w.y = doc.y + 8;
  }
}

/** A credit voucher (issue 23): its cuotas, as SUNAT's rules declare them, or none. */
const credito = (s: ComprobanteSolicitud) => (s.forma_pago === 'Credito' && !s.nota && s.cuotas?.length ? s.cuotas : null);

/** 'Información del crédito': the net pending amount and a row per cuota (number, due date, amount). */
function cuotas(w: Writer) {
  const { doc, s } = w;
  const lista = credito(s);
  if (!lista) return;
  const simbolo = MONEDA[s.moneda].simbolo;
  const anchos = [70, 120, 110];
  if (w.y + 40 + lista.length * 14 > BOTTOM) nuevaPagina(w);
  doc.font(BOLD).fontSize(8.5).fillColor(TEXT).text('Información del crédito', M, w.y, { width: W });
  doc.font(REG).text(`Monto neto pendiente de pago: ${simbolo} ${formatAmount(sumaCuotas(lista))} · Total de cuotas: ${lista.length}`, M, doc.y + 2, { width: W });
  w.y = doc.y + 4;
  const fila = (valores: string[], font: string) => {
    let x = M;
    valores.forEach((v, i) => {
      doc.font(font).fontSize(8).fillColor(TEXT).text(v, x + 3, w.y + 3, { width: anchos[i] - 6, align: i === 0 ? 'left' : 'right', lineBreak: false });
      x += anchos[i];
    });
    w.y += 14;
  };
  doc.rect(M, w.y, anchos.reduce((a, b) => a + b, 0), 14).fill(SHADE);
  fila(['N° de cuota', 'Fecha de vencimiento', 'Monto'], BOLD);
  for (const [i, c] of lista.entries()) {
    if (w.y + 14 > BOTTOM) nuevaPagina(w);
    fila([String(i + 1), fecha(c.fecha), `${simbolo} ${formatAmount(c.monto)}`], REG);
  }
  w.y += 8;
}

function pie(w: Writer, emitido: ComprobanteImpreso) {
  const { doc, s } = w;
  if (w.y + QR + 8 > BOTTOM) nuevaPagina(w);
  dibujarQr(doc, emitido.codigo_qr, M, w.y, QR);
  const textX = M + QR + 16;
  doc.font(REG).fontSize(8).fillColor(MUTED)
    .text(`Representación impresa de la ${TITULO_TIPO[s.tipo]}.`, textX, w.y + 10, { width: W - QR - 16 });
  if (emitido.hash) doc.text(`Resumen: ${emitido.hash}`, { width: W - QR - 16 });
  if (emitido.aviso) doc.moveDown(0.5).font(BOLD).fontSize(9).fillColor('#b42318').text(emitido.aviso, { width: W - QR - 16 });
  w.y += QR + 8;
}

function numerarPaginas(doc: Doc) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.font(REG).fontSize(7.5).fillColor(MUTED).text(`Página ${i - start + 1} de ${count}`, M, PAGE_H - M - 10, { width: W, align: 'right', lineBreak: false });
  }
}

/** The voucher as a PDF. Pure: everything it prints comes in its arguments. */
export async function comprobantePdf(emisor: EmisorComprobantes, s: ComprobanteSolicitud, emitido: ComprobanteImpreso, opts: ComprobantePdfOptions = {}): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    margins: { top: M, bottom: M, left: M, right: M },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: `${TITULO_TIPO[s.tipo]} ${serieNumero(s)}`, Author: emisor.razon_social, Subject: s.cliente.nombre },
  });
  const w: Writer = { doc, y: M, s };
  cabecera(w, emisor);
  cliente(w);
  lineas(w);
  totales(w);
  cuotas(w);
  pie(w, emitido);
  numerarPaginas(doc);
  doc.end();
  return bytes;
}
