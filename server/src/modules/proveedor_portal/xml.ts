/**
 * A strict, small XML 1.0 reader for the invoices suppliers upload: it checks that the file is
 * well-formed (one root, tags nested and closed, attributes quoted and unique, references valid,
 * namespace prefixes declared) and builds a light tree. It refuses a DOCTYPE outright, so no
 * entity can be declared and none can expand (no XXE, no "billion laughs"); depth and element
 * count are bounded. Not a general parser: enough to read a UBL invoice safely.
 */

export class XmlError extends Error {}

export interface XmlElement {
  /** Local name, without its prefix. */
  local: string;
  /** Namespace URI ('' when none). */
  ns: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  /** Text directly inside the element (CDATA included), references decoded. */
  text: string;
}

const MAX_DEPTH = 64;
const MAX_ELEMENTS = 200_000;
const NAME = /^[\p{L}_][\p{L}\p{N}_.\-\u00B7]*(:[\p{L}_][\p{L}\p{N}_.\-\u00B7]*)?$/u;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const fail = (message: string): never => { throw new XmlError(message); };

/** Bytes to text: UTF-8 (with or without BOM), or ISO-8859-1 when the declaration says so. */
function decode(buf: Buffer): string {
  const body = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? buf.subarray(3) : buf;
  const head = body.subarray(0, 200).toString('latin1');
  const declared = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && !['utf-8', 'utf8', 'iso-8859-1', 'latin1'].includes(declared)) fail(`El XML usa una codificación no admitida (${declared})`);
  if (declared === 'iso-8859-1' || declared === 'latin1') return body.toString('latin1');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return fail('El XML no está codificado en UTF-8');
  }
}

/** Replaces `&name;` and `&#...;` references; any other `&` makes the document malformed. */
function decodeRefs(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]{0,12});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) fail('El XML contiene un "&" que no forma una referencia válida');
    if (ref in PREDEFINED) return PREDEFINED[ref];
    const num = /^#x([0-9A-Fa-f]{1,6})$/.exec(ref)?.[1] ?? /^#(\d{1,7})$/.exec(ref)?.[1];
    if (num !== undefined) {
      const code = ref.startsWith('#x') ? parseInt(num, 16) : parseInt(num, 10);
      const ch = code <= 0x10ffff ? String.fromCodePoint(code) : '';
      if (!ch || FORBIDDEN_CHAR.test(ch) || (code >= 0xd800 && code <= 0xdfff)) fail('El XML contiene una referencia a un carácter no permitido');
      return ch;
    }
    return fail(`El XML usa una entidad no declarada (&${ref};)`);
  });
}

interface Open {
  qname: string;
  el: XmlElement;
  scope: Map<string, string>;
}

/** Parses the whole document; throws XmlError with a Spanish reason when it is not well-formed. */
export function parseXml(buf: Buffer): XmlElement {
  const s = decode(buf);
  if (FORBIDDEN_CHAR.test(s)) fail('El XML contiene caracteres no permitidos');
  let i = 0;
  let root: XmlElement | null = null;
  let count = 0;
  const stack: Open[] = [];
  const rootScope = new Map([['xml', XML_NS]]);

  if (s.startsWith('<?xml')) {
    const end = s.indexOf('?>');
    if (end < 0 || !/^<\?xml\s+version\s*=\s*["']1\.[0-9]["']/.test(s.slice(0, end))) fail('La declaración XML no es válida');
    i = end + 2;
  }

  const text = (raw: string) => {
    if (raw.includes(']]>')) fail('El XML contiene "]]>" fuera de una sección CDATA');
    const value = decodeRefs(raw);
    if (stack.length) stack[stack.length - 1].el.text += value;
    else if (value.trim()) fail('El XML tiene texto fuera del elemento raíz');
  };

  while (i < s.length) {
    const lt = s.indexOf('<', i);
    if (lt < 0) { text(s.slice(i)); break; }
    if (lt > i) text(s.slice(i, lt));
    if (s.startsWith('<!--', lt)) {
      const end = s.indexOf('-->', lt + 4);
      if (end < 0 || s.slice(lt + 4, end).includes('--')) fail('El XML tiene un comentario mal cerrado');
      i = end + 3;
    } else if (s.startsWith('<![CDATA[', lt)) {
      if (!stack.length) fail('El XML tiene una sección CDATA fuera del elemento raíz');
      const end = s.indexOf(']]>', lt + 9);
      if (end < 0) fail('El XML tiene una sección CDATA sin cerrar');
      stack[stack.length - 1].el.text += s.slice(lt + 9, end);
      i = end + 3;
    } else if (s.startsWith('<!', lt)) {
      fail(s.startsWith('<!DOCTYPE', lt) ? 'El XML no debe contener una declaración DOCTYPE' : 'El XML no está bien formado');
    } else if (s.startsWith('<?', lt)) {
      const end = s.indexOf('?>', lt + 2);
      if (end < 0 || /^xml(\s|$)/i.test(s.slice(lt + 2, end))) fail('El XML tiene una instrucción de procesamiento no válida');
      i = end + 2;
    } else if (s.startsWith('</', lt)) {
      const m = /^<\/([^\s>]+)\s*>/.exec(s.slice(lt, lt + 300));
      const open = stack.pop();
      if (!m || !open || open.qname !== m[1]) fail('El XML tiene etiquetas que no cierran en orden');
      i = lt + m![0].length;
    } else {
      i = startTag(s, lt);
    }
  }
  if (stack.length) fail('El XML termina con etiquetas sin cerrar');
  if (!root) fail('El XML no tiene elemento raíz');
  return root!;

  /** Reads `<name attr="v" ...>` or `<name .../>` at `lt`; returns the index after it. */
  function startTag(src: string, lt: number): number {
    if (!stack.length && root) fail('El XML tiene más de un elemento raíz');
    if (stack.length >= MAX_DEPTH) fail('El XML tiene demasiados niveles de anidamiento');
    if (++count > MAX_ELEMENTS) fail('El XML tiene demasiados elementos');
    const nameMatch = /^<([^\s/>]+)/.exec(src.slice(lt, lt + 300));
    if (!nameMatch || !NAME.test(nameMatch[1])) fail('El XML tiene un nombre de etiqueta no válido');
    const qname = nameMatch![1];
    let j = lt + 1 + qname.length;
    const raw = new Map<string, string>();
    for (;;) {
      const ws = /^\s*/.exec(src.slice(j, j + 1000))![0].length;
      j += ws;
      if (src.startsWith('/>', j) || src.startsWith('>', j)) break;
      if (!ws) fail('El XML tiene atributos sin separar');
      const a = /^([^\s=/>]+)\s*=\s*(["'])/.exec(src.slice(j, j + 300));
      if (!a || !NAME.test(a[1])) fail('El XML tiene un atributo no válido');
      const close = src.indexOf(a![2], j + a![0].length);
      if (close < 0) fail('El XML tiene un atributo sin cerrar');
      const value = src.slice(j + a![0].length, close);
      if (value.includes('<')) fail('El XML tiene un "<" dentro de un atributo');
      if (raw.has(a![1])) fail(`El XML repite el atributo ${a![1]}`);
      raw.set(a![1], decodeRefs(value));
      j = close + 1;
    }
    const selfClosing = src.startsWith('/>', j);
    const scope = new Map(stack.length ? stack[stack.length - 1].scope : rootScope);
    for (const [k, v] of raw) {
      if (k === 'xmlns') scope.set('', v);
      else if (k.startsWith('xmlns:')) {
        if (!v) fail('El XML declara un prefijo de espacio de nombres vacío');
        scope.set(k.slice(6), v);
      }
    }
    const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname];
    const ns = scope.get(prefix);
    if (prefix && ns === undefined) fail(`El XML usa el prefijo ${prefix} sin declararlo`);
    for (const k of raw.keys()) {
      const p = k.includes(':') ? k.split(':')[0] : '';
      if (p && p !== 'xmlns' && !scope.has(p)) fail(`El XML usa el prefijo ${p} sin declararlo`);
    }
    const el: XmlElement = { local, ns: ns ?? '', attrs: raw, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].el.children.push(el);
    else root = el;
    if (!selfClosing) stack.push({ qname, el, scope });
    return j + (selfClosing ? 2 : 1);
  }
}

/** The first child with that namespace and local name, or undefined. */
export const child = (el: XmlElement | undefined, ns: string, local: string) => el?.children.find((c) => c.ns === ns && c.local === local);

/** Follows a path of [namespace, local] steps from `el`; undefined when a step is missing. */
export function path(el: XmlElement | undefined, steps: [string, string][]): XmlElement | undefined {
  return steps.reduce<XmlElement | undefined>((at, [ns, local]) => child(at, ns, local), el);
}
