/**
 * SUNAT's CDR (constancia de recepción): a zip holding `R-<nombre>.xml`, a UBL ApplicationResponse
 * whose `cac:DocumentResponse/cac:Response` carries the ResponseCode and Description, and whose
 * `cbc:Note` lines ('4233 - El dato ingresado ...') are the observations. The zip comes from the
 * network, so it is read with limits: a broken or hostile answer throws a Spanish message and the
 * channel answers 'error' instead of trusting it.
 */
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import type { NotaCdr } from './canal.ts';

/** Inflated bytes and entries a CDR may hold: a real one is a few KB in one entry (plus a 'dummy/' folder). */
const MAX_INFLADO = 1024 * 1024;
const MAX_ENTRADAS = 5;

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export interface CdrLeido {
  /** ResponseCode as SUNAT wrote it: '0', '2800', '4233'... */
  codigo: string;
  descripcion: string;
  notas: NotaCdr[];
  xml: string;
}

/** Thrown when a CDR cannot be trusted; `message` is Spanish and goes to the user as it is. */
export class CdrInvalido extends Error {}

/** '4233 - El dato ingresado ...' → {codigo: '4233', texto: 'El dato ingresado ...'}; a line without code keeps codigo ''. */
export function leerNota(linea: string): NotaCdr {
  const m = /^\s*(\d{1,4})\s*-\s*([\s\S]*)$/.exec(linea);
  return m ? { codigo: m[1], texto: m[2].trim() } : { codigo: '', texto: linea.trim() };
}

/** Parses XML that came from outside: no DTD (entity expansion), any parser error is fatal. */
export function parsearXmlAjeno(xml: string, que: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw new CdrInvalido(`${que} trae una declaración DOCTYPE, que no se acepta`);
  const fallar = (msg: string) => {
    throw new CdrInvalido(`${que} no es un XML válido (${msg.split('\n')[0].slice(0, 120)})`);
  };
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: fallar, fatalError: fallar } }).parseFromString(xml, 'text/xml');
  if (!doc?.documentElement) throw new CdrInvalido(`${que} está vacío`);
  return doc;
}

function descomprimir(zip: Buffer): Record<string, Uint8Array> {
  let entradas = 0;
  let inflado = 0;
  try {
    // The filter sees each entry's declared size before inflating it, and fflate never writes past
    // the declared size, so a lying header cannot grow memory beyond these limits.
    return unzipSync(zip, {
      filter: (f) => {
        entradas += 1;
        inflado += f.originalSize;
        if (entradas > MAX_ENTRADAS) throw new CdrInvalido(`El CDR trae más de ${MAX_ENTRADAS} archivos`);
        if (inflado > MAX_INFLADO) throw new CdrInvalido('El CDR descomprimido supera 1 MiB');
        return !f.name.endsWith('/');
      },
    });
  } catch (e) {
    if (e instanceof CdrInvalido) throw e;
    throw new CdrInvalido('El CDR no es un archivo ZIP válido');
  }
}

const texto = (n: Element | null | undefined) => (n?.textContent ?? '').trim();

/**
 * Reads the CDR of the document `nombre` ('20547812361-01-F001-00000001'). Takes `R-<nombre>.xml`,
 * or the zip's only XML when SUNAT named it otherwise. Throws `CdrInvalido`.
 */
export function leerCdrZip(zip: Buffer, nombre: string): CdrLeido {
  const archivos = descomprimir(zip);
  const xmls = Object.keys(archivos).filter((n) => n.toLowerCase().endsWith('.xml'));
  const elegido = xmls.find((n) => n === `R-${nombre}.xml`) ?? (xmls.length === 1 ? xmls[0] : undefined);
  if (!elegido) throw new CdrInvalido(`El CDR no contiene R-${nombre}.xml`);
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(archivos[elegido]).replace(/^\uFEFF/, '');
  } catch {
    throw new CdrInvalido('El XML del CDR no está en UTF-8');
  }
  const doc = parsearXmlAjeno(xml, 'El CDR');
  const respuesta = doc.getElementsByTagNameNS(CAC, 'DocumentResponse')[0]?.getElementsByTagNameNS(CAC, 'Response')[0];
  const codigo = texto(respuesta?.getElementsByTagNameNS(CBC, 'ResponseCode')[0]);
  if (!/^\d{1,4}$/.test(codigo)) throw new CdrInvalido('El CDR no trae un código de respuesta (cbc:ResponseCode)');
  const notas = Array.from(doc.getElementsByTagNameNS(CBC, 'Note'))
    .map((n) => texto(n))
    .filter((n) => n !== '')
    .map(leerNota);
  return { codigo, descripcion: texto(respuesta?.getElementsByTagNameNS(CBC, 'Description')[0]), notas, xml };
}
