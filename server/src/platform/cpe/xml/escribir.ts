/** Writing XML text by hand, safely: escaping, elements and indented nodes (the UBL builders use these). */

/** Characters XML 1.0 does not allow, even escaped (C0 controls except tab, LF, CR). */
// eslint-disable-next-line no-control-regex
const NO_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text or attribute content escaped for XML. */
export function xmlTexto(v: string): string {
  return v.replace(NO_XML, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** `<name attrs>text</name>`, the text escaped. */
export function el(name: string, text: string, attrs: Record<string, string> = {}): string {
  const a = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlTexto(v)}"`).join('');
  return `<${name}${a}>${xmlTexto(text)}</${name}>`;
}

/** `<name>children</name>`, children already XML, indented by `sangria` levels. */
export function nodo(name: string, hijos: string[], sangria: number): string {
  const pad = '  '.repeat(sangria);
  return `<${name}>\n${hijos.map((h) => `${pad}  ${h}`).join('\n')}\n${pad}</${name}>`;
}

