/**
 * Canonical XML 1.0 (inclusive C14N, W3C REC-xml-c14n-20010315) of the documents we build ourselves
 * (`../xml/`), without parsing them into a DOM: signing 50 vouchers at once took a second of CPU in
 * a generic DOM signer, most of it parsing and canonicalising; this takes a few milliseconds.
 *
 * It accepts only what our builders write: an optional XML declaration, one root element whose start
 * tag alone declares namespaces, elements with unprefixed attributes, text, and nothing else (no
 * comments, CDATA, processing instructions or DOCTYPE). Anything else is refused with an error, never
 * canonicalised by guess. Tests compare its digest with a generic signer's (`firmar.test.ts`).
 */

/** Refused input: the caller's document is not one our builders write. */
export class XmlNoCanonizable extends Error {}

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Entity and character references of our builders' escaping, back to their characters. */
function decodificar(v: string): string {
  return v.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (m, r: string) => {
    if (r.startsWith('#x')) return String.fromCodePoint(parseInt(r.slice(2), 16));
    if (r.startsWith('#')) return String.fromCodePoint(parseInt(r.slice(1), 10));
    const c = ENTIDADES[r];
    if (c === undefined) throw new XmlNoCanonizable(`Referencia de entidad desconocida: ${m}`);
    return c;
  });
}

/** C14N text: &, <, > and CR escaped; line ends as a parser leaves them (CRLF and CR become LF). */
const textoCanonico = (crudo: string) =>
  decodificar(crudo.replace(/\r\n?/g, '\n')).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');

/** C14N attribute value (of the value as a parser reads it): &, <, ", tab, LF, CR escaped. */
const atributoCanonico = (valor: string) =>
  valor.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');

export interface Atributo {
  nombre: string;
  valor: string;
}

const ATRIBUTO = /\s+([^\s=/>]+)\s*=\s*"([^"]*)"/g;

function leerEtiqueta(interior: string): { nombre: string; atributos: Atributo[] } {
  const nombre = /^[^\s/>]+/.exec(interior)?.[0];
  if (!nombre) throw new XmlNoCanonizable('Etiqueta sin nombre');
  const resto = interior.slice(nombre.length);
  const atributos: Atributo[] = [];
  let consumido = 0;
  for (const m of resto.matchAll(ATRIBUTO)) {
    if (m.index !== consumido) throw new XmlNoCanonizable(`Atributo ilegible en <${nombre}>`);
    // A parser's attribute-value normalisation: literal tab, LF and CR become spaces, then references are read.
    atributos.push({ nombre: m[1], valor: decodificar(m[2].replace(/\r\n|[\t\n\r]/g, ' ')) });
    consumido = m.index + m[0].length;
  }
  if (resto.slice(consumido).trim() !== '') throw new XmlNoCanonizable(`Atributo ilegible en <${nombre}>`);
  return { nombre, atributos };
}

/** Namespace declarations first (the default one, then by prefix), then attributes by name: C14N's order. */
function ordenar(atributos: Atributo[]): Atributo[] {
  const ns = atributos.filter((a) => a.nombre === 'xmlns' || a.nombre.startsWith('xmlns:'));
  const otros = atributos.filter((a) => !ns.includes(a));
  if (otros.some((a) => a.nombre.includes(':'))) throw new XmlNoCanonizable('Atributos con prefijo no admitidos');
  const clave = (a: Atributo) => (a.nombre === 'xmlns' ? '' : a.nombre.slice(6));
  ns.sort((a, b) => (clave(a) < clave(b) ? -1 : clave(a) > clave(b) ? 1 : 0));
  otros.sort((a, b) => (a.nombre < b.nombre ? -1 : a.nombre > b.nombre ? 1 : 0));
  return [...ns, ...otros];
}

const inicio = (nombre: string, atributos: Atributo[]) =>
  `<${nombre}${ordenar(atributos).map((a) => ` ${a.nombre}="${atributoCanonico(a.valor)}"`).join('')}>`;

export interface Canonico {
  /** The root element in canonical form (what the enveloped reference digests). */
  texto: string;
  /** The root's namespace declarations, in scope for everything inside it (the SignedInfo's context). */
  espacios: Atributo[];
}

/** The canonical form of a whole document we built; throws `XmlNoCanonizable` on anything outside our subset. */
export function canonizar(xml: string): Canonico {
  let i = 0;
  const decl = /^\uFEFF?<\?xml[^?]*\?>/.exec(xml);
  if (decl) i = decl[0].length;
  const salida: string[] = [];
  const pila: string[] = [];
  let espacios: Atributo[] | null = null;
  let terminado = false;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const texto = xml.slice(i, lt === -1 ? xml.length : lt);
    if (pila.length > 0) salida.push(textoCanonico(texto));
    else if (texto.trim() !== '') throw new XmlNoCanonizable('Texto fuera del elemento raíz');
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new XmlNoCanonizable('Etiqueta sin cerrar');
    const interior = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (/^[!?]/.test(interior)) throw new XmlNoCanonizable('Comentarios, CDATA, DOCTYPE e instrucciones no admitidos');
    if (interior.startsWith('/')) {
      const nombre = interior.slice(1).trim();
      if (pila.pop() !== nombre) throw new XmlNoCanonizable(`Cierre inesperado </${nombre}>`);
      salida.push(`</${nombre}>`);
      if (pila.length === 0) terminado = true;
      continue;
    }
    if (terminado) throw new XmlNoCanonizable('Más de un elemento raíz');
    const vacio = interior.endsWith('/');
    const { nombre, atributos } = leerEtiqueta(vacio ? interior.slice(0, -1) : interior);
    const declara = atributos.filter((a) => a.nombre === 'xmlns' || a.nombre.startsWith('xmlns:'));
    if (espacios === null) espacios = declara;
    else if (declara.length > 0) throw new XmlNoCanonizable(`Solo el elemento raíz declara espacios de nombres (<${nombre}>)`);
    // C14N writes every empty element with its end tag.
    salida.push(inicio(nombre, atributos));
    if (vacio) salida.push(`</${nombre}>`);
    else pila.push(nombre);
  }
  if (pila.length > 0 || !espacios) throw new XmlNoCanonizable('El documento está incompleto');
  return { texto: salida.join(''), espacios };
}

/**
 * An element we write (the SignedInfo) in canonical form as it sits inside a document: inclusive C14N
 * of a subtree renders on it every namespace declaration in scope (`espacios`).
 */
export function canonizarEn(xml: string, espacios: Atributo[]): string {
  const m = /^<([^\s/>]+)/.exec(xml);
  if (!m) throw new XmlNoCanonizable('Elemento ilegible');
  const propio = leerEtiqueta(xml.slice(1, xml.indexOf('>'))).atributos;
  const heredados = espacios.filter((e) => !propio.some((p) => p.nombre === e.nombre));
  const conEspacios = xml.replace(/^<[^>]*>/, (t) => t.replace(/>$/, `${heredados.map((e) => ` ${e.nombre}="${atributoCanonico(e.valor)}"`).join('')}>`));
  return canonizar(conEspacios).texto;
}
