/**
 * Sender guides (guía de remisión remitente, SUNAT document type 09, series T001; DECISIONS §6,
 * issue 14) of the built-in provider: the UBL 2.1 DespatchAdvice XML, its A4 PDF, and the acceptance
 * a few seconds after issuing (`aceptada_en`), so that the screen's "aún no ha sido aceptada" path
 * is real. Like the vouchers, the provider keeps nothing: the caller stores the XML, the request and
 * the acceptance time in `guia_remision` and asks for the PDF again with the same request.
 */
import { formatDecimal } from '@obra/domain';
import { createHash } from 'node:crypto';
import type { ComprobanteCliente, EmisorComprobantes } from '../tipos.ts';
import { openPdf } from '../../pdf.ts';

export interface GuiaLinea {
  codigo: string;
  descripcion: string;
  /** UN/ECE rec. 20: 'MTQ' m³. */
  unidad: string;
  cantidad: string;
}

export interface GuiaSolicitud {
  /** 'T001'. */
  serie: string;
  numero: number;
  /** YYYY-MM-DD and HH:mm:ss, Lima. */
  fecha_emision: string;
  hora_emision: string;
  /** Start of the transfer (the dispatch's departure), YYYY-MM-DD Lima. */
  fecha_traslado: string;
  destinatario: ComprobanteCliente;
  conductor: { nombre: string; apellido: string; licencia_placa: string };
  /** The mixer's plate. */
  vehiculo_placa: string;
  /** The plant (the issuer's address) and the delivery address with its district. */
  partida: { direccion: string; ubigeo: string };
  llegada: { direccion: string; ubigeo: string };
  lineas: GuiaLinea[];
  /** Our references: the dispatch code and the sales order. */
  envio: string;
  orden: string;
}

export interface GuiaEmitida {
  /** Issued (the caller stores it); false: refused with `mensaje`, nothing issued. */
  aceptado: boolean;
  /** 'pendiente' until SUNAT accepts it (at `aceptada_en`). */
  estado_sunat: 'aceptado' | 'pendiente' | 'rechazado';
  mensaje: string;
  /** When SUNAT accepted or will have accepted it (built-in provider: issued + the delay); null when unknown. */
  aceptada_en: Date | null;
  enlace_pdf: string | null;
  xml: string | null;
  hash: string | null;
}

/** How long the built-in provider's "SUNAT" takes to accept a guide. */
export const GUIA_DEMORA_MS = 5_000;

export const guiaTexto = (serie: string, numero: number) => `${serie}-${String(numero).padStart(8, '0')}`;

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** UBL 2.1 DespatchAdvice as SUNAT's GRE-R (unsigned: the built-in provider stands in for the accredited one). */
export function guiaUbl(emisor: EmisorComprobantes, g: GuiaSolicitud): string {
  const d = g.destinatario;
  const lineas = g.lineas.map((l, i) => `
  <cac:DespatchLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:DeliveredQuantity unitCode="${esc(l.unidad)}">${esc(l.cantidad)}</cbc:DeliveredQuantity>
    <cac:OrderLineReference><cbc:LineID>${i + 1}</cbc:LineID></cac:OrderLineReference>
    <cac:Item><cbc:Description>${esc(l.descripcion)}</cbc:Description><cac:SellersItemIdentification><cbc:ID>${esc(l.codigo)}</cbc:ID></cac:SellersItemIdentification></cac:Item>
  </cac:DespatchLine>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<DespatchAdvice xmlns="urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>2.0</cbc:CustomizationID>
  <cbc:ID>${guiaTexto(g.serie, g.numero)}</cbc:ID>
  <cbc:IssueDate>${g.fecha_emision}</cbc:IssueDate>
  <cbc:IssueTime>${g.hora_emision}</cbc:IssueTime>
  <cbc:DespatchAdviceTypeCode listAgencyName="PE:SUNAT" listName="Tipo de Documento" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo01">09</cbc:DespatchAdviceTypeCode>
  <cbc:Note>${esc(`Envío ${g.envio} - Orden de venta ${g.orden}`)}</cbc:Note>
  <cac:DespatchSupplierParty>
    <cac:Party><cac:PartyIdentification><cbc:ID schemeID="6">${esc(emisor.ruc)}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>${esc(emisor.razon_social)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>
  </cac:DespatchSupplierParty>
  <cac:DeliveryCustomerParty>
    <cac:Party><cac:PartyIdentification><cbc:ID schemeID="${d.tipo_documento}">${esc(d.numero_documento)}</cbc:ID></cac:PartyIdentification>
    <cac:PartyLegalEntity><cbc:RegistrationName>${esc(d.nombre)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>
  </cac:DeliveryCustomerParty>
  <cac:Shipment>
    <cbc:ID>SUNAT_Envio</cbc:ID>
    <cbc:HandlingCode listAgencyName="PE:SUNAT" listName="Motivo de traslado" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo20">01</cbc:HandlingCode>
    <cbc:HandlingInstructions>Venta</cbc:HandlingInstructions>
    <cac:ShipmentStage>
      <cbc:TransportModeCode listName="Modalidad de traslado" listAgencyName="PE:SUNAT" listURI="urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo18">02</cbc:TransportModeCode>
      <cac:TransitPeriod><cbc:StartDate>${g.fecha_traslado}</cbc:StartDate></cac:TransitPeriod>
      <cac:DriverPerson><cbc:FirstName>${esc(g.conductor.nombre)}</cbc:FirstName><cbc:FamilyName>${esc(g.conductor.apellido)}</cbc:FamilyName>
        <cbc:JobTitle>Principal</cbc:JobTitle></cac:DriverPerson>
    </cac:ShipmentStage>
    <cac:Delivery>
      <cac:DeliveryAddress><cbc:ID schemeAgencyName="PE:INEI" schemeName="Ubigeos">${esc(g.llegada.ubigeo)}</cbc:ID>
        <cac:AddressLine><cbc:Line>${esc(g.llegada.direccion)}</cbc:Line></cac:AddressLine></cac:DeliveryAddress>
      <cac:Despatch><cac:DespatchAddress><cbc:ID schemeAgencyName="PE:INEI" schemeName="Ubigeos">${esc(g.partida.ubigeo)}</cbc:ID>
        <cac:AddressLine><cbc:Line>${esc(g.partida.direccion)}</cbc:Line></cac:AddressLine></cac:DespatchAddress></cac:Despatch>
    </cac:Delivery>
    <cac:TransportHandlingUnit><cac:TransportEquipment><cbc:ID>${esc(g.vehiculo_placa)}</cbc:ID></cac:TransportEquipment></cac:TransportHandlingUnit>
  </cac:Shipment>${lineas}
</DespatchAdvice>
`;
}

/** Problems of a request the built-in provider refuses (the caller builds it, so these are guards). */
function problema(g: GuiaSolicitud): string | null {
  if (!/^T\d{3}$/.test(g.serie) || !Number.isInteger(g.numero) || g.numero < 1 || g.numero > 99_999_999) return 'la serie o el número no son válidos';
  if (g.lineas.length === 0) return 'la guía no tiene bienes que trasladar';
  if (!g.vehiculo_placa.trim()) return 'falta la placa del vehículo';
  return null;
}

export function emitirGuiaInterno(emisor: EmisorComprobantes, g: GuiaSolicitud, now = new Date(), demoraMs = GUIA_DEMORA_MS): GuiaEmitida {
  const p = problema(g);
  if (p) return { aceptado: false, estado_sunat: 'rechazado', mensaje: p, aceptada_en: null, enlace_pdf: null, xml: null, hash: null };
  const xml = guiaUbl(emisor, g);
  return {
    aceptado: true,
    estado_sunat: 'pendiente',
    mensaje: `La guía de remisión remitente ${guiaTexto(g.serie, g.numero)} ha sido enviada a SUNAT`,
    aceptada_en: new Date(now.getTime() + demoraMs),
    enlace_pdf: null,
    xml,
    hash: createHash('sha256').update(xml, 'utf8').digest('base64'),
  };
}

/** The guide as an A4 PDF (pdfkit's Helvetica, like the vouchers). */
export async function guiaPdf(emisor: EmisorComprobantes, g: GuiaSolicitud, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const M = 40;
  const W = 595.28 - 2 * M;
  const { doc, bytes } = await openPdf({ margins: { top: M, bottom: M, left: M, right: M }, compress: opts.compress ?? true,
    info: { Title: `Guía de remisión remitente ${guiaTexto(g.serie, g.numero)}`, Author: emisor.razon_social } });
  const boxW = 200;
  doc.font('Helvetica-Bold').fontSize(15).text(emisor.razon_social, M, M, { width: W - boxW - 16 });
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555').text(`RUC ${emisor.ruc}`, { width: W - boxW - 16 }).text(emisor.direccion, { width: W - boxW - 16 });
  doc.lineWidth(1.2).strokeColor('#1a1a1a').roundedRect(M + W - boxW, M, boxW, 72, 4).stroke();
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor('#1a1a1a')
    .text(`RUC ${emisor.ruc}`, M + W - boxW, M + 8, { width: boxW, align: 'center' })
    .text('GUÍA DE REMISIÓN ELECTRÓNICA REMITENTE', M + W - boxW + 8, M + 24, { width: boxW - 16, align: 'center' })
    .text(guiaTexto(g.serie, g.numero), M + W - boxW, M + 52, { width: boxW, align: 'center' });
  let y = M + 90;
  const fila = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(8.5).text(`${label}:`, M, y, { width: 120, lineBreak: false });
    doc.font('Helvetica').text(value || '-', M + 120, y, { width: W - 120 });
    y = doc.y + 3;
  };
  const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');
  fila('Fecha de emisión', `${ddmmyyyy(g.fecha_emision)} ${g.hora_emision}`);
  fila('Fecha de traslado', ddmmyyyy(g.fecha_traslado));
  fila('Motivo de traslado', 'Venta');
  fila('Destinatario', `${g.destinatario.nombre} (${g.destinatario.numero_documento})`);
  fila('Punto de partida', `${g.partida.direccion} (${g.partida.ubigeo})`);
  fila('Punto de llegada', `${g.llegada.direccion} (${g.llegada.ubigeo})`);
  fila('Vehículo (placa)', g.vehiculo_placa);
  fila('Conductor', `${g.conductor.nombre} ${g.conductor.apellido}${g.conductor.licencia_placa ? ` (${g.conductor.licencia_placa})` : ''}`);
  fila('Referencia', `Envío ${g.envio} - Orden de venta ${g.orden}`);
  y += 10;
  doc.rect(M, y, W, 18).fill('#ececec');
  doc.fillColor('#1a1a1a').font('Helvetica-Bold').fontSize(8)
    .text('N°', M + 4, y + 5, { width: 24 }).text('CÓDIGO', M + 30, y + 5, { width: 70 }).text('DESCRIPCIÓN', M + 104, y + 5, { width: W - 220 })
    .text('UNIDAD', M + W - 112, y + 5, { width: 50 }).text('CANTIDAD', M + W - 60, y + 5, { width: 56, align: 'right' });
  y += 22;
  g.lineas.forEach((l, i) => {
    doc.font('Helvetica').fontSize(8.5)
      .text(String(i + 1), M + 4, y, { width: 24 }).text(l.codigo, M + 30, y, { width: 70 }).text(l.descripcion, M + 104, y, { width: W - 220 });
    const bottom = doc.y;
    doc.text(l.unidad === 'MTQ' ? 'm³' : l.unidad, M + W - 112, y, { width: 50 }).text(formatDecimal(l.cantidad), M + W - 60, y, { width: 56, align: 'right' });
    y = Math.max(bottom, doc.y) + 4;
  });
  doc.font('Helvetica').fontSize(7.5).fillColor('#555555')
    .text('Representación impresa de la guía de remisión electrónica remitente.', M, y + 16, { width: W });
  doc.end();
  return bytes;
}
