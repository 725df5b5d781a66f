import { describe, expect, it } from 'vitest';
import { parseXml, parseXmlAsync, XML_LIMITS, XmlError } from './xml.ts';
import { hostileXml } from '../../test/hostile-files.ts';
import { watchLoop } from '../../test/loop-watch.ts';

const parse = (text: string | Buffer) => parseXml(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
const refused = (text: string | Buffer, reason: RegExp) => {
  expect(() => parse(text)).toThrow(XmlError);
  expect(() => parse(text)).toThrow(reason);
};

describe('the strict XML reader of supplier invoices', () => {
  it('reads elements, namespaces, attributes, references and CDATA', () => {
    const root = parse(`\ufeff<?xml version="1.0" encoding="UTF-8"?>
      <!-- factura -->
      <Invoice xmlns="urn:x:Invoice" xmlns:cbc="urn:x:cbc" a='1' b="&lt;&amp;&#65;&#x42;">
        <cbc:ID>F001-12</cbc:ID><cbc:Note><![CDATA[<b>ok</b>]]> y &quot;más&quot;</cbc:Note><vacío/>
      </Invoice>`);
    expect(root).toMatchObject({ local: 'Invoice', ns: 'urn:x:Invoice' });
    expect(root.attrs.get('b')).toBe('<&AB');
    expect(root.children.map((c) => [c.local, c.ns, c.text])).toEqual([['ID', 'urn:x:cbc', 'F001-12'], ['Note', 'urn:x:cbc', '<b>ok</b> y "más"'], ['vacío', 'urn:x:Invoice', '']]);
  });

  it('reads an ISO-8859-1 document when it says so', () => {
    const root = parse(Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>Lurín</a>', 'latin1'));
    expect(root.text).toBe('Lurín');
  });

  it('refuses what is not well-formed', () => {
    refused('', /no tiene elemento raíz/);
    refused('hola', /texto fuera del elemento raíz/);
    refused('<a><b></a></b>', /no cierran en orden/);
    refused('<a>', /sin cerrar/);
    refused('<a></a><b></b>', /más de un elemento raíz/);
    refused('<a x="1" x="2"/>', /repite el atributo/);
    refused('<a x=1/>', /atributo no válido/);
    refused('<a x="1"y="2"/>', /sin separar/);
    refused('<a>AT&T</a>', /referencia válida/);
    refused('<a>&nbsp;</a>', /entidad no declarada/);
    refused('<a>&#0;</a>', /carácter no permitido/);
    refused('<p:a/>', /prefijo p sin declarar/);
    refused('<a>\u0001</a>', /caracteres no permitidos/);
    refused('<1a/>', /nombre de etiqueta no válido/);
    refused('<a><!-- a -- b --></a>', /comentario/);
    refused(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]), /UTF-8/);
    refused('<?xml version="1.0" encoding="UTF-16"?><a/>', /codificación no admitida/);
  });

  it('refuses any DOCTYPE, so no entity can be declared or expanded (XXE, billion laughs)', () => {
    refused('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>', /DOCTYPE/);
    refused('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>', /DOCTYPE/);
  });

  it('bounds the nesting depth, the elements, the attributes and the namespace declarations', () => {
    refused(`${'<a>'.repeat(100)}${'</a>'.repeat(100)}`, /niveles de anidamiento/);
    refused(hostileXml.elementos(), /demasiados elementos/);
    const attrs = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => ` ${prefix}${i}="1"`).join('');
    refused(`<a${attrs(XML_LIMITS.attributesPerElement + 1, 'x')}/>`, /demasiados atributos/);
    expect(parse(`<a${attrs(XML_LIMITS.attributesPerElement, 'x')}/>`).attrs.size).toBe(XML_LIMITS.attributesPerElement);
    refused(`<a${attrs(XML_LIMITS.namespacesPerElement + 1, 'xmlns:p')}/>`, /demasiados espacios de nombres/);
    refused(hostileXml.espaciosDeNombres(), /demasiados espacios de nombres/);
  });

  it('resolves prefixes up the open elements: the nearest declaration wins and ends with its element', () => {
    const root = parse('<a xmlns:p="urn:1"><p:b xmlns:p="urn:2"><p:c/></p:b><p:d/></a>');
    expect(root.children.map((c) => [c.local, c.ns])).toEqual([['b', 'urn:2'], ['d', 'urn:1']]);
    expect(root.children[0].children[0].ns).toBe('urn:2');
    refused('<a><b xmlns:p="urn:1"/><p:c/></a>', /prefijo p sin declarar/);
  });

  it('reads the worst files within its limits in time linear in their size, in steps that leave the loop free', async () => {
    // Issue 29: namespace declarations × elements grew quadratically (a 1 MB file held the loop for 63 s).
    for (const doc of [hostileXml.anidado(), hostileXml.referencias()]) {
      const t = performance.now();
      let steps = 0;
      const tick = setInterval(() => { steps++; }, 1);
      const loop = watchLoop(1);
      const root = await parseXmlAsync(doc);
      const longest = loop.stop();
      clearInterval(tick);
      expect(root.local).toBe('Invoice');
      expect(doc.length).toBeGreaterThan(1_000_000);
      expect(performance.now() - t).toBeLessThan(5_000);
      expect(steps).toBeGreaterThan(0);
      expect(longest).toBeLessThan(100);
    }
  });
});
