import {
  METODO_PAGO_CARTA_CREDITO, ORE, TIPO_DESCUENTO, TIPO_ORDEN, formatAmount, formatDecimal, formatRate, fromScaled, sumCents, toScaled, type OrdenDetalle,
} from '@obra/domain';
import { PDF_STYLE, date, openPdf, orDash } from '../../platform/pdf.ts';

/**
 * The order as an A4 PDF (spec 1 §2.9 "download PDF", §9 "order PDF named by code"): company
 * header, supplier, order data, the items table (header repeated on every page), totals,
 * observation and the four signatures, with 'Página n de m' on every page. Only pdfkit's
 * built-in Helvetica is used: its WinAnsi encoding covers Spanish accents and ñ.
 */

export interface OrdenPdfFirma {
  /** 'Logística', 'Contabilidad', 'Administración', 'Gerencia'. */
  rol: string;
  nombre: string;
  /** PNG or JPEG printed above the line; null prints none. */
  imagen: Buffer | null;
  /** Under the name: who approved and when, or that it is pending. */
  nota: string;
}

export interface OrdenPdfData {
  empresa: { name: string; ruc: string; address: string };
  orden: OrdenDetalle;
  proveedor: { direccion: string; email: string; telefono: string };
  firmas: OrdenPdfFirma[];
}

export interface OrdenPdfOptions {
  /** Compressed content streams (default); tests read the text with false. */
  compress?: boolean;
}

type Item = OrdenDetalle['orden_items'][number];
type Doc = PDFKit.PDFDocument;

const { REG, BOLD, ITALIC, TEXT, MUTED, RULE, SHADE, PAGE_W, PAGE_H } = PDF_STYLE;

const M = 40;
const W = PAGE_W - 2 * M;
/** Lowest y of the content; below it the page footer. */
const BOTTOM = PAGE_H - M - 24;
const LABEL_W = 92;
const SIGNATURES_H = 104;

export const tituloPdf = (o: Pick<OrdenDetalle, 'tipo_orden'>) => (o.tipo_orden === TIPO_ORDEN.SERVICIO ? 'ORDEN DE SERVICIO' : 'ORDEN DE COMPRA');

/** The content cursor: pdfkit's own y moves with every text call, this one only where the layout says. */
interface Writer { doc: Doc; y: number; data: OrdenPdfData }

function newPage(w: Writer) {
  w.doc.addPage();
  w.y = M;
  w.doc.font(BOLD).fontSize(9).fillColor(MUTED)
    .text(`${tituloPdf(w.data.orden)} N° ${w.data.orden.codigo} (continuación)`, M, w.y, { width: W, lineBreak: false });
  w.y += 18;
}

/** Starts a new page unless `height` still fits on this one; true when it did. */
function ensure(w: Writer, height: number): boolean {
  if (w.y + height <= BOTTOM) return false;
  newPage(w);
  return true;
}

function header(w: Writer) {
  const { doc, data: { empresa, orden: o } } = w;
  const boxW = 200;
  const boxX = M + W - boxW;
  const leftW = W - boxW - 16;
  doc.font(BOLD).fontSize(15).fillColor(TEXT).text(empresa.name, M, M, { width: leftW });
  doc.font(REG).fontSize(8.5).fillColor(MUTED).text(`RUC ${empresa.ruc}`, { width: leftW }).text(empresa.address, { width: leftW });
  const leftBottom = doc.y;
  doc.lineWidth(1.2).rect(boxX, M, boxW, 64).stroke(TEXT);
  doc.font(BOLD).fontSize(12.5).fillColor(TEXT).text(tituloPdf(o), boxX, M + 9, { width: boxW, align: 'center', lineBreak: false });
  doc.fontSize(10).text(`N° ${o.codigo}`, boxX, M + 28, { width: boxW, align: 'center', lineBreak: false });
  doc.font(REG).fontSize(8.5).text(`Fecha: ${date(o.fecha_orden)}`, boxX, M + 45, { width: boxW, align: 'center', lineBreak: false });
  w.y = Math.max(leftBottom, M + 64) + 14;
  if (o.estado.id_orden_estado === ORE.ANULADO) {
    doc.font(BOLD).fontSize(11).fillColor('#c62828').text('ORDEN ANULADA', M, w.y, { width: W, align: 'center' });
    w.y += 18;
  }
}

function sectionTitle(w: Writer, title: string) {
  ensure(w, 34);
  w.doc.rect(M, w.y, W, 14).fill(SHADE);
  w.doc.font(BOLD).fontSize(8).fillColor(TEXT).text(title, M + 5, w.y + 3.5, { width: W - 10, lineBreak: false });
  w.y += 18;
}

interface Field { label: string; value: string; full?: boolean }

/** Label and value pairs, two per row unless `full`. */
function fields(w: Writer, list: Field[]) {
  const { doc } = w;
  const put = (f: Field, x: number, width: number) => {
    const valueW = width - LABEL_W - 8;
    doc.font(BOLD).fontSize(8).fillColor(MUTED).text(f.label, x, w.y, { width: LABEL_W });
    doc.font(REG).fontSize(8).fillColor(TEXT).text(f.value, x + LABEL_W, w.y, { width: valueW });
  };
  const heightOf = (f: Field, width: number) => {
    doc.font(REG).fontSize(8);
    return Math.max(doc.heightOfString(f.value, { width: width - LABEL_W - 8 }), doc.font(BOLD).heightOfString(f.label, { width: LABEL_W }));
  };
  for (let i = 0; i < list.length;) {
    const a = list[i];
    const b = !a.full && list[i + 1] && !list[i + 1].full ? list[i + 1] : undefined;
    const width = a.full ? W : W / 2;
    const h = Math.max(heightOf(a, width), b ? heightOf(b, width) : 0) + 4;
    ensure(w, h);
    put(a, M + 5, width - 5);
    if (b) put(b, M + W / 2 + 5, width - 5);
    w.y += h;
    i += b ? 2 : 1;
  }
  w.y += 6;
}

function supplier(w: Writer) {
  const { orden: o, proveedor: p } = w.data;
  sectionTitle(w, 'PROVEEDOR');
  fields(w, [
    { label: 'Razón social', value: o.proveedor.razon_social }, { label: 'RUC', value: o.proveedor.ruc },
    { label: 'Dirección', value: orDash(p.direccion), full: true },
    { label: 'Correo', value: orDash(p.email) }, { label: 'Teléfono', value: orDash(p.telefono) },
  ]);
}

function orderData(w: Writer) {
  const o = w.data.orden;
  const adelanto = o.ord_porcentaje_adelanto ? ` (adelanto ${formatDecimal(o.ord_porcentaje_adelanto)}%)` : '';
  const list: Field[] = [
    { label: 'Centro de costo', value: `${o.centro_costo.codigo} - ${o.centro_costo.descripcion}` },
    { label: 'Moneda', value: `${o.moneda.descripcion} (${o.moneda.simbolo})` },
    { label: 'Condición comercial', value: `${o.condicion_comercial.descripcion}${adelanto}` },
    { label: 'Método de pago', value: o.metodo_pago.descripcion },
    { label: 'Tipo de documento', value: o.tipo_documento.descripcion },
    { label: 'N° de documento', value: orDash(o.ord_numero_documento) },
    { label: 'Fecha de pago', value: date(o.fecha_pago) },
    { label: 'Estado', value: o.estado.descripcion },
  ];
  if (o.metodo_pago.id_metodo === METODO_PAGO_CARTA_CREDITO) list.push({ label: 'Carta de crédito', value: orDash(o.carta_credito) });
  if (o.es_importacion === 1) list.push({ label: 'País de origen', value: orDash(o.pais?.nombre) });
  list.push({ label: 'Lugar de entrega', value: orDash(o.lugar_entrega), full: true }, { label: 'Referencia', value: orDash(o.referencia), full: true });
  if (o.referencia_detalle.trim()) list.push({ label: 'Detalle de la referencia', value: o.referencia_detalle, full: true });
  sectionTitle(w, 'DATOS DE LA ORDEN');
  fields(w, list);
}

interface Col { title: string; width: number; align: 'left' | 'right' | 'center'; value: (i: Item) => string }

function columns(o: OrdenDetalle): Col[] {
  const cols: Col[] = [
    { title: 'N°', width: 22, align: 'center', value: (i) => String(i.oci_orden) },
    { title: 'Marca', width: 70, align: 'left', value: (i) => (i.marca.id_marca === 0 ? '-' : i.marca.descripcion) },
    { title: 'Descripción', width: 0, align: 'left', value: (i) => i.descripcion },
    { title: 'UND', width: 36, align: 'center', value: (i) => i.unidad.simbolo },
    { title: 'CANT.', width: 52, align: 'right', value: (i) => formatDecimal(i.cantidad) },
    { title: 'P.U.', width: 64, align: 'right', value: (i) => formatDecimal(i.precio_unitario, 2) },
  ];
  if (o.es_importacion === 1) cols.push({ title: 'P. FOB', width: 60, align: 'right', value: (i) => (i.precio_fob === null ? '-' : formatDecimal(i.precio_fob, 2)) });
  cols.push({ title: 'SUBTOTAL', width: 74, align: 'right', value: (i) => formatAmount(i.importe) });
  const fixed = cols.reduce((s, c) => s + c.width, 0);
  return cols.map((c) => (c.width === 0 ? { ...c, width: W - fixed } : c));
}

const PAD = 3;

function tableHeader(w: Writer, cols: Col[]) {
  const { doc } = w;
  doc.rect(M, w.y, W, 16).fill('#3a3a3a');
  let x = M;
  for (const c of cols) {
    doc.font(BOLD).fontSize(7.5).fillColor('#ffffff').text(c.title, x + PAD, w.y + 4.5, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
    x += c.width;
  }
  w.y += 16;
}

function items(w: Writer) {
  const { doc, data: { orden: o } } = w;
  const cols = columns(o);
  const descW = cols[2].width - 2 * PAD;
  ensure(w, 16 + 20);
  tableHeader(w, cols);
  o.orden_items.forEach((item, n) => {
    doc.font(REG).fontSize(8);
    const heights = cols.map((c) => doc.heightOfString(c.value(item), { width: c.width - 2 * PAD }));
    const obs = item.observacion.trim() ? `Obs.: ${item.observacion.trim()}` : '';
    const obsH = obs ? doc.font(ITALIC).fontSize(7).heightOfString(obs, { width: descW }) + 1 : 0;
    const h = Math.max(...heights.map((v, i) => (i === 2 ? v + obsH : v))) + 2 * PAD + 1;
    if (ensure(w, h)) tableHeader(w, cols);
    if (n % 2 === 1) doc.rect(M, w.y, W, h).fill('#f7f7f7');
    let x = M;
    cols.forEach((c, i) => {
      doc.font(REG).fontSize(8).fillColor(TEXT).text(c.value(item), x + PAD, w.y + PAD + 0.5, { width: c.width - 2 * PAD, align: c.align });
      if (i === 2 && obs) doc.font(ITALIC).fontSize(7).fillColor(MUTED).text(obs, x + PAD, w.y + PAD + 1.5 + heights[2], { width: descW });
      x += c.width;
    });
    w.y += h;
    doc.moveTo(M, w.y).lineTo(M + W, w.y).lineWidth(0.4).stroke(RULE);
  });
  w.y += 8;
}

function totals(w: Writer) {
  const { doc, data: { orden: o } } = w;
  const sym = o.moneda.simbolo;
  // Subtotal = Σ line amounts; discount = subtotal − discounted subtotal (as the order view).
  const subtotal = sumCents(o.orden_items.map((i) => i.importe));
  const descuento = subtotal - (toScaled(o.monto_sin_impuesto, 2) ?? 0n);
  const rows: { label: string; value: string; strong?: boolean }[] = [
    { label: 'SubTotal', value: fromScaled(subtotal, 2) },
    { label: o.tipo_descuento === TIPO_DESCUENTO.PORCENTAJE ? `Descuento (${formatDecimal(o.descuento)}%)` : 'Descuento', value: fromScaled(-descuento, 2) },
    { label: 'SubTotal con descuento', value: formatAmount(o.monto_sin_impuesto) },
    ...o.orden_impuestos.map((t) => ({ label: `${t.descripcion} (${formatRate(t.valor)}%)`, value: formatAmount(t.valor_aplicado) })),
    { label: 'TOTAL', value: formatAmount(o.monto_con_impuesto), strong: true },
  ];
  const labelW = 170;
  const valueW = 96;
  const x = M + W - labelW - valueW;
  ensure(w, rows.length * 13 + 8);
  for (const r of rows) {
    if (r.strong) {
      doc.moveTo(x, w.y).lineTo(M + W, w.y).lineWidth(0.8).stroke(TEXT);
      w.y += 3;
    }
    doc.font(r.strong ? BOLD : REG).fontSize(r.strong ? 9.5 : 8.5).fillColor(TEXT);
    doc.text(r.label, x, w.y, { width: labelW - 8, align: 'right', lineBreak: false });
    doc.text(`${sym} ${r.value}`, x + labelW, w.y, { width: valueW, align: 'right', lineBreak: false });
    w.y += r.strong ? 15 : 12.5;
  }
  w.y += 8;
}

function observation(w: Writer) {
  const text = w.data.orden.observacion.trim();
  if (!text) return;
  sectionTitle(w, 'OBSERVACIÓN');
  w.doc.font(REG).fontSize(8);
  const h = w.doc.heightOfString(text, { width: W - 10 });
  ensure(w, h);
  w.doc.fillColor(TEXT).text(text, M + 5, w.y, { width: W - 10 });
  w.y += h + 10;
}

/** The four signatures side by side, at the foot of the last page. */
function signatures(w: Writer) {
  const { doc, data: { firmas } } = w;
  ensure(w, SIGNATURES_H + 10);
  const top = Math.max(w.y + 10, BOTTOM - SIGNATURES_H);
  const gap = 14;
  const boxW = (W - gap * (firmas.length - 1)) / firmas.length;
  firmas.forEach((f, i) => {
    const x = M + i * (boxW + gap);
    const lineY = top + 50;
    if (f.imagen) {
      try {
        doc.image(f.imagen, x + 10, top + 2, { fit: [boxW - 20, 46], align: 'center', valign: 'bottom' });
      } catch {
        // A stored signature pdfkit cannot read leaves the space blank rather than failing the document.
      }
    }
    doc.moveTo(x, lineY).lineTo(x + boxW, lineY).lineWidth(0.8).stroke(TEXT);
    doc.font(BOLD).fontSize(8).fillColor(TEXT).text(f.rol, x, lineY + 4, { width: boxW, align: 'center', lineBreak: false });
    doc.font(REG).fontSize(7.5).text(f.nombre, x, lineY + 15, { width: boxW, align: 'center', height: 18, ellipsis: true });
    doc.fontSize(6.8).fillColor(MUTED).text(f.nota, x, lineY + 34, { width: boxW, align: 'center', height: 18, ellipsis: true });
  });
  w.y = top + SIGNATURES_H;
}

/** Page footers (and the cancelled mark) once the page count is known. */
function finish(w: Writer) {
  const { doc, data: { orden: o, empresa } } = w;
  const { start, count } = doc.bufferedPageRange();
  for (let p = start; p < start + count; p++) {
    doc.switchToPage(p);
    // Writing below the bottom margin would make pdfkit open a page of its own.
    doc.page.margins.bottom = 0;
    const y = PAGE_H - M - 12;
    doc.moveTo(M, y - 4).lineTo(M + W, y - 4).lineWidth(0.4).stroke(RULE);
    doc.font(REG).fontSize(7).fillColor(MUTED);
    doc.text(`${tituloPdf(o)} ${o.codigo} · ${empresa.name}`, M, y, { width: W - 90, lineBreak: false });
    doc.text(`Página ${p - start + 1} de ${count}`, M + W - 90, y, { width: 90, align: 'right', lineBreak: false });
    if (o.estado.id_orden_estado === ORE.ANULADO) {
      doc.save().rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] }).fillOpacity(0.12)
        .font(BOLD).fontSize(96).fillColor('#c62828')
        .text('ANULADA', 0, PAGE_H / 2 - 48, { width: PAGE_W, align: 'center', lineBreak: false })
        .restore();
    }
  }
}

/** The order as a PDF. Pure: everything it prints comes in `data`, so it can be benchmarked alone. */
export async function buildOrdenPdf(data: OrdenPdfData, opts: OrdenPdfOptions = {}): Promise<Buffer> {
  const { doc, bytes } = await openPdf({
    margins: { top: M, bottom: M, left: M, right: M },
    bufferPages: true,
    compress: opts.compress ?? true,
    info: { Title: `${tituloPdf(data.orden)} ${data.orden.codigo}`, Author: data.empresa.name, Subject: data.orden.proveedor.razon_social },
  });
  const w: Writer = { doc, y: M, data };
  header(w);
  supplier(w);
  orderData(w);
  items(w);
  totals(w);
  observation(w);
  signatures(w);
  finish(w);
  doc.end();
  return bytes;
}
