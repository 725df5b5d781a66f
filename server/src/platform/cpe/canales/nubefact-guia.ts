/**
 * Sender guides through Nubefact (issue 23): their JSON API's `generar_guia` (tipo_de_comprobante 7,
 * GRE remitente) issues the guide from our request (`doc.solicitud`; they sign it and send it to
 * SUNAT's GRE API), `consultar_guia` asks what became of it. Same route and token as the vouchers
 * (`nubefact.ts`), same error codes: 10-12 token or route, 20-22 the data, 23 it exists already,
 * 24 it does not exist, 40 their internal error, 50-51 the account. Their answer's
 * `cadena_para_codigo_qr` is SUNAT's link for the guide's QR. Nubefact keeps SUNAT's CDR.
 */
import { placaNormalizada, licenciaNormalizada } from '@obra/domain';
import type { GuiaSolicitud } from '../guias/guia.ts';
import { MODALIDAD_PRIVADO } from '../guias/guia.ts';
import type { Canal, DocumentoEnvio, Resultado } from './canal.ts';
import { errorNubefact, notas, postNubefact, texto, type Json, type NubefactConfig } from './nubefact.ts';
import { CODIGO_YA_REGISTRADO } from './sunat-soap.ts';

/** Their code of a GRE remitente. */
const GRE_REMITENTE = 7;
const DATOS_INVALIDOS = new Set(['20', '21', '22']);

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/** The body of `generar_guia`. */
export function cuerpoNubefactGuia(g: GuiaSolicitud): Json {
  const d = g.destinatario;
  const c = g.conductor;
  return {
    operacion: 'generar_guia',
    tipo_de_comprobante: GRE_REMITENTE,
    serie: g.serie,
    numero: g.numero,
    cliente_tipo_de_documento: d.tipo_documento,
    cliente_numero_de_documento: d.numero_documento,
    cliente_denominacion: d.nombre,
    cliente_direccion: d.direccion || g.llegada.direccion,
    cliente_email: d.correo ?? '',
    fecha_de_emision: ddmmyyyy(g.fecha_emision),
    observaciones: `Envío ${g.envio} - Orden de venta ${g.orden}`,
    motivo_de_traslado: g.motivo_traslado,
    peso_bruto_total: g.peso_bruto,
    peso_bruto_unidad_de_medida: g.unidad_peso,
    // Concrete travels in the mixer's drum: one load.
    numero_de_bultos: 1,
    tipo_de_transporte: MODALIDAD_PRIVADO,
    fecha_de_inicio_de_traslado: ddmmyyyy(g.fecha_traslado),
    transportista_placa_numero: placaNormalizada(g.vehiculo_placa),
    conductor_documento_tipo: c.tipo_documento,
    conductor_documento_numero: c.numero_documento,
    conductor_nombre: c.nombre,
    conductor_apellidos: c.apellido,
    conductor_numero_licencia: licenciaNormalizada(c.licencia),
    punto_de_partida_ubigeo: g.partida.ubigeo,
    punto_de_partida_direccion: g.partida.direccion,
    punto_de_llegada_ubigeo: g.llegada.ubigeo,
    punto_de_llegada_direccion: g.llegada.direccion,
    enviar_automaticamente_al_cliente: false,
    formato_de_pdf: 'A4',
    items: g.lineas.map((l) => ({ unidad_de_medida: l.unidad, codigo: l.codigo, descripcion: l.descripcion, cantidad: l.cantidad })),
  };
}

type Respuesta = { tipo: 'guia'; d: Json } | { tipo: 'errores'; codigo: string; texto: string } | { tipo: 'falla'; descripcion: string };

/** One POST; never throws. A pending guide may come without links, so only their errors or a JSON object are told apart. */
async function llamar(cfg: NubefactConfig, cuerpo: Json, ambiguo: string): Promise<Respuesta> {
  const r = await postNubefact(cfg, cuerpo, ambiguo);
  if (r.tipo !== 'json') return r;
  if (r.status >= 300 || r.raiz.aceptada_por_sunat === undefined) return { tipo: 'falla', descripcion: r.inesperada };
  return { tipo: 'guia', d: r.raiz };
}


function desdeGuia(d: Json, doc: DocumentoEnvio): Resultado {
  const descripcion = texto(d.sunat_description);
  const codigo = texto(d.sunat_responsecode);
  const qr = texto(d.cadena_para_codigo_qr);
  if (d.aceptada_por_sunat === true) {
    const n = notas(d);
    return {
      estado: n.length > 0 ? 'observado' : 'aceptado', codigo: '0', descripcion: descripcion || `La guía ${doc.nombre} ha sido aceptada`, notas: n, cdr: null,
      codigo_qr: qr && qr.length <= 300 ? qr : undefined,
    };
  }
  const num = Number(codigo);
  if (codigo && num >= 2000 && num <= 3999) {
    return { estado: 'rechazado', codigo, descripcion: descripcion || `La SUNAT rechazó la guía (código ${codigo})`, notas: notas(d), cdr: null };
  }
  const error = texto(d.sunat_soap_error);
  return { estado: 'enviado', ticket: null, descripcion: `Nubefact recibió la guía ${doc.nombre}; la SUNAT aún no la ha aceptado${error ? ` (${error})` : ''}` };
}

export function crearCanalNubefactGuias(cfg: NubefactConfig): Canal {
  return {
    nombre: 'nubefact',

    async enviar(doc) {
      const r = await llamar(cfg, cuerpoNubefactGuia(doc.solicitud as GuiaSolicitud), `; no se sabe si emitió la guía ${doc.nombre}`);
      if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
      if (r.tipo === 'guia') return desdeGuia(r.d, doc);
      if (DATOS_INVALIDOS.has(r.codigo)) return { estado: 'rechazado', codigo: r.codigo, descripcion: `Nubefact rechazó la guía: ${errorNubefact(r)}`, notas: [], cdr: null };
      if (r.codigo === '23') return { estado: 'error', codigo: CODIGO_YA_REGISTRADO, descripcion: `Nubefact ya tiene la guía ${doc.nombre}; se consulta su estado` };
      return { estado: 'error', codigo: r.codigo || null, descripcion: `Nubefact no emitió la guía: ${errorNubefact(r)}` };
    },

    async consultar(doc) {
      const r = await llamar(cfg, { operacion: 'consultar_guia', tipo_de_comprobante: GRE_REMITENTE, serie: doc.serie, numero: doc.numero }, '');
      if (r.tipo === 'falla') return { estado: 'error', codigo: null, descripcion: r.descripcion };
      if (r.tipo === 'guia') return desdeGuia(r.d, doc);
      if (r.codigo === '24') return { estado: 'no_existe', descripcion: `Nubefact no tiene la guía ${doc.nombre}: ${r.texto}` };
      return { estado: 'error', codigo: r.codigo || null, descripcion: `Nubefact no pudo consultar la guía: ${errorNubefact(r)}` };
    },

    probar: () => Promise.resolve({ ok: true, mensaje: 'Las guías usan la misma ruta y token de Nubefact' }),
  };
}
