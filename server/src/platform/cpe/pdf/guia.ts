/**
 * The printed representation of a sender guide (A4, issue 23): the company header beside the box
 * with the title, RUC and series-number; the transfer (dates, reason, private transport, gross
 * weight); the recipient, start and arrival points; the vehicle and the driver with document and
 * licence; the goods; and the QR with the link SUNAT returned in the CDR, which an inspector on
 * the road opens to check the guide. Without that link (not accepted, or the demo) it prints no QR
 * and says in bold why. pdfkit's Helvetica, like the vouchers.
 */
import { CONDUCTOR_TIPOS_DOCUMENTO, GUIA_UNIDADES_PESO, formatDecimal, type ConductorTipoDocumento } from '@obra/domain';
import type { EmisorComprobantes } from '../tipos.ts';
import { PDF_STYLE, openPdf } from '../../pdf.ts';
import { dibujarQr } from '../qr.ts';
import { MOTIVOS_TRASLADO, guiaTexto, licenciaSunat, type GuiaSolicitud } from '../guias/guia.ts';

export const TITULO_GUIA = 'GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE';

/** What the PDF prints of the guide's state. */
export interface GuiaImpresa {
  /** The link SUNAT's CDR carries (its QR); null until accepted. */
  enlace_qr: string | null;
  /** A line printed in bold: 'Demostración: no enviado a SUNAT', 'Pendiente de aceptación por SUNAT', or ''. */
  aviso: string;
}

const { REG, BOLD, TEXT, MUTED, SHADE, PAGE_W } = PDF_STYLE;
const M = 40;
const W = PAGE_W - 2 * M;
const QR = 92;
const DOCUMENTO: Record<string, string> = { '6': 'RUC', '1': 'DNI', '4': 'CE', '7': 'Pasaporte', '0': 'Doc.' };
const UNIDAD: Record<string, string> = { MTQ: 'm³', HUR: 'hora', NIU: 'und', KGM: 'kg', TNE: 't' };

const fecha = (iso: string) => iso.split('-').reverse().join('/');

/** The guide as a PDF. Pure: everything it prints comes in its arguments. */
export async function guiaPdf(emisor: EmisorComprobantes, g: GuiaSolicitud, impresa: GuiaImpresa, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const texto = guiaTexto(g.serie, g.numero);
  const { doc, bytes } = await openPdf({ margins: { top: M, bottom: M, left: M, right: M }, compress: opts.compress ?? true,
    info: { Title: `Guía de remisión remitente ${texto}`, Author: emisor.razon_social, Subject: g.destinatario.nombre } });
  const boxW = 200;
  doc.font(BOLD).fontSize(15).fillColor(TEXT).text(emisor.razon_social, M, M, { width: W - boxW - 16 });
  doc.font(REG).fontSize(8.5).fillColor(MUTED).text(`RUC ${emisor.ruc}`, { width: W - boxW - 16 }).text(emisor.direccion, { width: W - boxW - 16 });
  doc.lineWidth(1.2).strokeColor(TEXT).roundedRect(M + W - boxW, M, boxW, 72, 4).stroke();
  doc.font(BOLD).fontSize(10.5).fillColor(TEXT)
    .text(`RUC ${emisor.ruc}`, M + W - boxW, M + 8, { width: boxW, align: 'center' })
    .text(TITULO_GUIA, M + W - boxW + 8, M + 24, { width: boxW - 16, align: 'center' })
    .text(texto, M + W - boxW, M + 52, { width: boxW, align: 'center' });
  let y = M + 90;
  const fila = (label: string, value: string) => {
    doc.font(BOLD).fontSize(8.5).fillColor(TEXT).text(`${label}:`, M, y, { width: 130, lineBreak: false });
    doc.font(REG).text(value || '-', M + 130, y, { width: W - 130 });
    y = doc.y + 3;
  };
  const c = g.conductor;
  const d = g.destinatario;
  const peso = g.peso_bruto ? `${formatDecimal(g.peso_bruto, 3)} ${GUIA_UNIDADES_PESO[g.unidad_peso] ?? g.unidad_peso}` : '';
  fila('Fecha de emisión', `${fecha(g.fecha_emision)} ${g.hora_emision}`);
  fila('Fecha de inicio de traslado', fecha(g.fecha_traslado));
  fila('Motivo de traslado', `${g.motivo_traslado} - ${MOTIVOS_TRASLADO[g.motivo_traslado] ?? ''}`);
  fila('Modalidad de transporte', '02 - Transporte privado');
  fila('Peso bruto total', peso);
  fila('Destinatario', `${d.nombre} (${DOCUMENTO[d.tipo_documento] ?? 'Doc.'} ${d.numero_documento})`);
  fila('Punto de partida', `${g.partida.direccion} (ubigeo ${g.partida.ubigeo})`);
  fila('Punto de llegada', `${g.llegada.direccion} (ubigeo ${g.llegada.ubigeo})`);
  fila('Vehículo (placa)', g.vehiculo_placa);
  fila('Conductor', `${c.nombre} ${c.apellido}`.trim());
  fila('Documento del conductor', `${CONDUCTOR_TIPOS_DOCUMENTO[c.tipo_documento as ConductorTipoDocumento] ?? 'Doc.'} ${c.numero_documento}`);
  fila('Licencia de conducir', licenciaSunat(c.licencia));
  fila('Referencia', `Envío ${g.envio} - Orden de venta ${g.orden}`);
  y += 10;
  doc.rect(M, y, W, 18).fill(SHADE);
  doc.fillColor(TEXT).font(BOLD).fontSize(8)
    .text('N°', M + 4, y + 5, { width: 24 }).text('CÓDIGO', M + 30, y + 5, { width: 70 }).text('DESCRIPCIÓN', M + 104, y + 5, { width: W - 220 })
    .text('UNIDAD', M + W - 112, y + 5, { width: 50 }).text('CANTIDAD', M + W - 60, y + 5, { width: 56, align: 'right' });
  y += 22;
  g.lineas.forEach((l, i) => {
    doc.font(REG).fontSize(8.5)
      .text(String(i + 1), M + 4, y, { width: 24 }).text(l.codigo, M + 30, y, { width: 70 }).text(l.descripcion, M + 104, y, { width: W - 220 });
    const bottom = doc.y;
    doc.text(UNIDAD[l.unidad] ?? l.unidad, M + W - 112, y, { width: 50 }).text(formatDecimal(l.cantidad), M + W - 60, y, { width: 56, align: 'right' });
    y = Math.max(bottom, doc.y) + 4;
  });
  y += 16;
  const textX = impresa.enlace_qr ? M + QR + 16 : M;
  if (impresa.enlace_qr) dibujarQr(doc, impresa.enlace_qr, M, y, QR);
  doc.font(REG).fontSize(8).fillColor(MUTED).text('Representación impresa de la guía de remisión electrónica remitente.', textX, y + (impresa.enlace_qr ? 10 : 0), { width: W - (textX - M) });
  if (impresa.enlace_qr) doc.text(`Consulte la guía en SUNAT: ${impresa.enlace_qr}`, { width: W - QR - 16 });
  if (impresa.aviso) doc.moveDown(0.5).font(BOLD).fontSize(9).fillColor('#b42318').text(impresa.aviso, { width: W - (textX - M) });
  doc.end();
  return bytes;
}
