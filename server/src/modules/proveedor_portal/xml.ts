/**
 * A strict, small XML 1.0 reader for the invoices suppliers upload: it checks that the file is
 * well-formed (one root, tags nested and closed, attributes quoted and unique, references valid,
 * namespace prefixes declared) and builds a light tree. It refuses a DOCTYPE outright, so no
 * entity can be declared and none can expand (no XXE, no "billion laughs"); depth, elements,
 * attributes and namespace declarations are bounded (XML_LIMITS), prefixes resolve up the open
 * elements (work linear in the file), and a request reads in short steps (`parseXmlAsync`).
 * Not a general parser: enough to read a UBL invoice safely.
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
  /** The namespaces this element declares (null when none): prefixes resolve up the open elements, never by copying. */
  declares: Map<string, string> | null;
}

/** Limits beyond the upload's size: each bounds work that would otherwise grow faster than the file. */
export const XML_LIMITS = {
  depth: 64,
  elements: 200_000,
  attributesPerElement: 64,
  namespacesPerElement: 32,
  namespaces: 512,
  /** UBL's attributes are codes and URIs; a signature's values are elements. */
  attributeLength: 4096,
  /** Text is decoded this many characters at a time. */
  textPiece: 16_384,
  /** How long one step may hold the event loop before `parseXmlAsync` lets other requests run. */
  sliceMs: 8,
} as const;

/** A reader over one document that advances in steps, so a large file never holds the loop for long. */
class Reader {
  private readonly s: string;
  private i = 0;
  private root: XmlElement | null = null;
  private count = 0;
  private namespaces = 0;
  private readonly stack: Open[] = [];

  constructor(buf: Buffer) {
    this.s = decode(buf);
    if (FORBIDDEN_CHAR.test(this.s)) fail('El XML contiene caracteres no permitidos');
    if (this.s.startsWith('<?xml')) {
      const end = this.s.indexOf('?>');
      if (end < 0 || !/^<\?xml\s+version\s*=\s*["']1\.[0-9]["']/.test(this.s.slice(0, end))) fail('La declaración XML no es válida');
      this.i = end + 2;
    }
  }

  /** Reads markup until the end or until `deadline` (performance.now()); the root when done, else null. */
  step(deadline: number): XmlElement | null {
    const s = this.s;
    let n = 0;
    while (this.i < s.length) {
      if ((++n & 63) === 0 && performance.now() > deadline) return null;
      const lt = s.indexOf('<', this.i);
      const stop = lt < 0 ? s.length : lt;
      if (stop - this.i > XML_LIMITS.textPiece) {
        // A long text is read a piece at a time, never cutting a reference or a ']]>'.
        let cut = this.i + XML_LIMITS.textPiece;
        const amp = s.lastIndexOf('&', cut);
        if (amp > this.i && amp > cut - 16) cut = amp;
        while (cut > this.i + 1 && s[cut - 1] === ']') cut--;
        this.text(s.slice(this.i, cut));
        this.i = cut;
        if (performance.now() > deadline) return null;
        continue;
      }
      if (lt < 0) { this.text(s.slice(this.i)); break; }
      if (lt > this.i) this.text(s.slice(this.i, lt));
      if (s.startsWith('<!--', lt)) {
        const end = s.indexOf('-->', lt + 4);
        if (end < 0 || s.slice(lt + 4, end).includes('--')) fail('El XML tiene un comentario mal cerrado');
        this.i = end + 3;
      } else if (s.startsWith('<![CDATA[', lt)) {
        if (!this.stack.length) fail('El XML tiene una sección CDATA fuera del elemento raíz');
        const end = s.indexOf(']]>', lt + 9);
        if (end < 0) fail('El XML tiene una sección CDATA sin cerrar');
        this.stack[this.stack.length - 1].el.text += s.slice(lt + 9, end);
        this.i = end + 3;
      } else if (s.startsWith('<!', lt)) {
        fail(s.startsWith('<!DOCTYPE', lt) ? 'El XML no debe contener una declaración DOCTYPE' : 'El XML no está bien formado');
      } else if (s.startsWith('<?', lt)) {
        const end = s.indexOf('?>', lt + 2);
        if (end < 0 || /^xml(\s|$)/i.test(s.slice(lt + 2, end))) fail('El XML tiene una instrucción de procesamiento no válida');
        this.i = end + 2;
      } else if (s.startsWith('</', lt)) {
        const m = /^<\/([^\s>]+)\s*>/.exec(s.slice(lt, lt + 300));
        const open = this.stack.pop();
        if (!m || !open || open.qname !== m[1]) fail('El XML tiene etiquetas que no cierran en orden');
        this.i = lt + m![0].length;
      } else {
        this.i = this.startTag(lt);
      }
    }
    this.i = s.length;
    if (this.stack.length) fail('El XML termina con etiquetas sin cerrar');
    if (!this.root) fail('El XML no tiene elemento raíz');
    return this.root;
  }

  private text(raw: string) {
    if (raw.includes(']]>')) fail('El XML contiene "]]>" fuera de una sección CDATA');
    const value = decodeRefs(raw);
    if (this.stack.length) this.stack[this.stack.length - 1].el.text += value;
    else if (value.trim()) fail('El XML tiene texto fuera del elemento raíz');
  }

  /** The namespace bound to `prefix` by the element being read (`own`) or the nearest open element. */
  private resolve(prefix: string, own: Map<string, string> | null): string | undefined {
    const found = own?.get(prefix);
    if (found !== undefined) return found;
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const v = this.stack[k].declares?.get(prefix);
      if (v !== undefined) return v;
    }
    return prefix === 'xml' ? XML_NS : undefined;
  }

  /** Reads `<name attr="v" ...>` or `<name .../>` at `lt`; returns the index after it. */
  private startTag(lt: number): number {
    const src = this.s;
    const stack = this.stack;
    if (!stack.length && this.root) fail('El XML tiene más de un elemento raíz');
    if (stack.length >= XML_LIMITS.depth) fail('El XML tiene demasiados niveles de anidamiento');
    if (++this.count > XML_LIMITS.elements) fail('El XML tiene demasiados elementos');
    const nameMatch = /^<([^\s/>]+)/.exec(src.slice(lt, lt + 300));
    if (!nameMatch || !NAME.test(nameMatch[1])) fail('El XML tiene un nombre de etiqueta no válido');
    const qname = nameMatch![1];
    let j = lt + 1 + qname.length;
    const raw = new Map<string, string>();
    let declares: Map<string, string> | null = null;
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
      if (value.length > XML_LIMITS.attributeLength) fail('El XML tiene un atributo demasiado largo');
      if (value.includes('<')) fail('El XML tiene un "<" dentro de un atributo');
      if (raw.has(a![1])) fail(`El XML repite el atributo ${a![1]}`);
      if (raw.size >= XML_LIMITS.attributesPerElement) fail('El XML tiene demasiados atributos en un elemento');
      const decoded = decodeRefs(value);
      raw.set(a![1], decoded);
      if (a![1] === 'xmlns' || a![1].startsWith('xmlns:')) {
        if (a![1] !== 'xmlns' && !decoded) fail('El XML declara un prefijo de espacio de nombres vacío');
        declares ??= new Map();
        if (declares.size >= XML_LIMITS.namespacesPerElement || ++this.namespaces > XML_LIMITS.namespaces) {
          fail('El XML declara demasiados espacios de nombres');
        }
        declares.set(a![1] === 'xmlns' ? '' : a![1].slice(6), decoded);
      }
      j = close + 1;
    }
    const selfClosing = src.startsWith('/>', j);
    const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname];
    const ns = this.resolve(prefix, declares);
    if (prefix && ns === undefined) fail(`El XML usa el prefijo ${prefix} sin declararlo`);
    for (const k of raw.keys()) {
      const p = k.includes(':') ? k.split(':')[0] : '';
      if (p && p !== 'xmlns' && this.resolve(p, declares) === undefined) fail(`El XML usa el prefijo ${p} sin declararlo`);
    }
    const el: XmlElement = { local, ns: ns ?? '', attrs: raw, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].el.children.push(el);
    else this.root = el;
    if (!selfClosing) stack.push({ qname, el, declares });
    return j + (selfClosing ? 2 : 1);
  }
}

/** Parses the whole document at once; throws XmlError with a Spanish reason when it is not well-formed. */
export function parseXml(buf: Buffer): XmlElement {
  return new Reader(buf).step(Infinity)!;
}

/**
 * The same, for a request: the document is read in steps of at most `XML_LIMITS.sliceMs`, letting
 * other requests run between them (issue 29: no upload holds the event loop).
 */
export async function parseXmlAsync(buf: Buffer): Promise<XmlElement> {
  const reader = new Reader(buf);
  for (;;) {
    const root = reader.step(performance.now() + XML_LIMITS.sliceMs);
    if (root) return root;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The first child with that namespace and local name, or undefined. */
export const child = (el: XmlElement | undefined, ns: string, local: string) => el?.children.find((c) => c.ns === ns && c.local === local);

/** Follows a path of [namespace, local] steps from `el`; undefined when a step is missing. */
export function path(el: XmlElement | undefined, steps: [string, string][]): XmlElement | undefined {
  return steps.reduce<XmlElement | undefined>((at, [ns, local]) => child(at, ns, local), el);
}
