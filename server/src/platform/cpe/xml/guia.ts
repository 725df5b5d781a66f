/**
 * SUNAT's UBL 2.1 DespatchAdvice (GRE 2022 structure, customisation 2.0) of a sender guide (09):
 * the issuer and the recipient, the shipment (reason catalogue 20, total gross weight and unit,
 * private transport with the driver's document and licence and the mixer's plate, start and
 * arrival addresses with their ubigeo) and one DespatchLine per line. Elements follow UBL's order.
 *
 * Unsigned, as `factura.ts` writes vouchers: an empty ext:ExtensionContent first for `firmarXml`
 * and a cac:Signature that names that signature.
 */
import { cantidadTexto } from '../solicitud.ts';
import { MODALIDAD_PRIVADO, MOTIVOS_TRASLADO, guiaTexto, licenciaSunat, placaSunat, type GuiaSolicitud } from '../guias/guia.ts';
import type { EmisorComprobantes } from '../tipos.ts';
import { el, nodo } from './escribir.ts';
import { EXTENSIONES, SUNAT, UNECE, catalogo, firma, referencia } from './factura.ts';

/** An identity document (catalogue 06) as the GRE rules want its attributes (4255-4257). */
function documentoId(tipo: string, numero: string): string {
  return el('cbc:ID', numero, { schemeID: tipo, schemeName: 'Documento de Identidad', schemeAgencyName: SUNAT, schemeURI: catalogo('06') });
}

function parte(elemento: string, tipo: string, numero: string, nombre: string): string {
  return nodo(elemento, [nodo('cac:Party', [
    nodo('cac:PartyIdentification', [documentoId(tipo, numero)], 3),
    nodo('cac:PartyLegalEntity', [el('cbc:RegistrationName', nombre)], 3),
  ], 2)], 1);
}

function direccion(elemento: string, d: { direccion: string; ubigeo: string }, s: number): string {
  return nodo(elemento, [
    el('cbc:ID', d.ubigeo, { schemeAgencyName: 'PE:INEI', schemeName: 'Ubigeos' }),
    nodo('cac:AddressLine', [el('cbc:Line', d.direccion)], s + 1),
  ], s);
}

function envio(g: GuiaSolicitud): string {
  const c = g.conductor;
  return nodo('cac:Shipment', [
    el('cbc:ID', 'SUNAT_Envio'),
    el('cbc:HandlingCode', g.motivo_traslado, { listAgencyName: SUNAT, listName: 'Motivo de traslado', listURI: catalogo('20') }),
    el('cbc:HandlingInstructions', MOTIVOS_TRASLADO[g.motivo_traslado] ?? ''),
    el('cbc:GrossWeightMeasure', g.peso_bruto, { unitCode: g.unidad_peso }),
    nodo('cac:ShipmentStage', [
      el('cbc:TransportModeCode', MODALIDAD_PRIVADO, { listName: 'Modalidad de traslado', listAgencyName: SUNAT, listURI: catalogo('18') }),
      nodo('cac:TransitPeriod', [el('cbc:StartDate', g.fecha_traslado)], 3),
      nodo('cac:DriverPerson', [
        documentoId(c.tipo_documento, c.numero_documento),
        el('cbc:FirstName', c.nombre),
        el('cbc:FamilyName', c.apellido),
        el('cbc:JobTitle', 'Principal'),
        nodo('cac:IdentityDocumentReference', [el('cbc:ID', licenciaSunat(c.licencia))], 4),
      ], 3),
    ], 2),
    nodo('cac:Delivery', [
      direccion('cac:DeliveryAddress', g.llegada, 3),
      nodo('cac:Despatch', [direccion('cac:DespatchAddress', g.partida, 4)], 3),
    ], 2),
    nodo('cac:TransportHandlingUnit', [nodo('cac:TransportEquipment', [el('cbc:ID', placaSunat(g.vehiculo_placa))], 3)], 2),
  ], 1);
}

function linea(g: GuiaSolicitud, i: number): string {
  const l = g.lineas[i];
  const codigo = referencia(l.codigo, 30);
  return nodo('cac:DespatchLine', [
    el('cbc:ID', String(i + 1)),
    el('cbc:DeliveredQuantity', cantidadTexto(l.cantidad), { unitCode: l.unidad, unitCodeListID: 'UN/ECE rec 20', unitCodeListAgencyName: UNECE }),
    nodo('cac:OrderLineReference', [el('cbc:LineID', String(i + 1))], 2),
    nodo('cac:Item', [
      el('cbc:Description', l.descripcion),
      ...(codigo ? [nodo('cac:SellersItemIdentification', [el('cbc:ID', codigo)], 3)] : []),
    ], 2),
  ], 1);
}

/** The guide as UBL 2.1 XML text (UTF-8, LF line ends, two-space indentation). */
export function guiaUbl(emisor: EmisorComprobantes, g: GuiaSolicitud): string {
  const d = g.destinatario;
  const cuerpo = [
    EXTENSIONES,
    el('cbc:UBLVersionID', '2.1'),
    el('cbc:CustomizationID', '2.0', { schemeAgencyName: SUNAT }),
    el('cbc:ID', guiaTexto(g.serie, g.numero)),
    el('cbc:IssueDate', g.fecha_emision),
    el('cbc:IssueTime', g.hora_emision),
    el('cbc:DespatchAdviceTypeCode', '09', { listAgencyName: SUNAT, listName: 'Tipo de Documento', listURI: catalogo('01') }),
    el('cbc:Note', `Envío ${g.envio} - Orden de venta ${g.orden}`),
    firma(emisor),
    parte('cac:DespatchSupplierParty', '6', emisor.ruc, emisor.razon_social),
    parte('cac:DeliveryCustomerParty', d.tipo_documento, d.numero_documento, d.nombre),
    envio(g),
    ...g.lineas.map((_, i) => linea(g, i)),
  ];
  const ns = [
    'xmlns="urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2"',
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"',
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
    'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"',
  ].join(' ');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<DespatchAdvice ${ns}>\n${cuerpo.map((c) => `  ${c}`).join('\n')}\n</DespatchAdvice>\n`;
}
