import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** Hostile archives for the upload tests (issue 29): workbooks written by hand, of any inflated size. */

/** A zip written by hand, so that an entry can be a deflated stream of any size. */
export function zipOf(files: { name: string; deflated: Buffer; size: number; crc: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(f.crc, 14); local.writeUInt32LE(f.deflated.length, 18); local.writeUInt32LE(f.size % 2 ** 32, 22); local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(f.crc, 16); central.writeUInt32LE(f.deflated.length, 20); central.writeUInt32LE(f.size % 2 ** 32, 24);
    central.writeUInt16LE(name.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + f.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(files.length, 8); end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** Deflates `head`, then rows 2 .. rows + 1 written by `row`, then `tail`, without holding the whole text. */
export async function deflated(head: string, row: (n: number) => string, rows: number, tail: string) {
  const z = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => z.on('end', resolve));
  let crc = crc32(head);
  let size = Buffer.byteLength(head);
  z.write(head);
  for (let first = 2; first < rows + 2; first += 1000) {
    const piece = Buffer.from(Array.from({ length: Math.min(1000, rows + 2 - first) }, (_, i) => row(first + i)).join(''));
    if (!z.write(piece)) await new Promise((resolve) => z.once('drain', resolve));
    crc = crc32(piece, crc);
    size += piece.length;
  }
  z.end(tail);
  crc = crc32(tail, crc);
  await done;
  return { deflated: Buffer.concat(out), size: size + Buffer.byteLength(tail), crc };
}

export const plain = (name: string, text: string) => ({ name, deflated: deflateRawSync(text), size: Buffer.byteLength(text), crc: crc32(text) });

/** A workbook whose first sheet has the template header and `rows` rows, each with `padding` characters more. */
export async function bombWorkbook(rows: number, padding = 0): Promise<Buffer> {
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheet = await deflated(
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData><row r="1">${cell('A1', 'Nombre')}${cell('B1', 'Categoría')}${cell('C1', 'Stock mínimo')}</row>`,
    (n) => `<row r="${n}">${cell(`A${n}`, `Cemento${' '.repeat(padding)}`)}${cell(`B${n}`, 'Obra')}</row>`, rows, '</sheetData></worksheet>');
  return zipOf([
    plain('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>'),
    plain('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    plain('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    plain('xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}


const UBL_INVOICE_ROOT = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"';

/** Hostile invoice XML (issue 29): each the worst of one kind, near the 2 MiB upload limit or just past a parser limit. */
export const hostileXml = {
  /** One element more than the parser reads. */
  elementos: () => Buffer.from(`<a>${'<b/>'.repeat(200_001)}</a>`),
  /** Twenty levels of thirty namespace declarations: more than the document may declare. */
  espaciosDeNombres: () => {
    const decl = (k: number) => Array.from({ length: 30 }, (_, i) => ` xmlns:n${k}_${i}="urn:${k}:${i}"`).join('');
    return Buffer.from(`${Array.from({ length: 20 }, (_, k) => `<e${decl(k)}>`).join('')}${Array.from({ length: 20 }, () => '</e>').join('')}`);
  },
  /**
   * Within every limit, the costliest to resolve: fifteen levels each declaring thirty-one prefixes,
   * then 1.9 MB of elements whose name and attributes use the prefixes declared at the root.
   */
  anidado: () => {
    const decl = (k: number) => Array.from({ length: 31 }, (_, i) => ` xmlns:n${k}_${i}="urn:${k}:${i}"`).join('');
    const open = Array.from({ length: 15 }, (_, k) => `<n0_0:nivel${decl(k + 1)}>`).join('');
    const close = Array.from({ length: 15 }, () => '</n0_0:nivel>').join('');
    const hoja = '<n0_1:e n0_2:a="1" n0_3:b="2" n0_4:c="3"/>';
    return Buffer.from(`${UBL_INVOICE_ROOT}${decl(0)}>${open}${hoja.repeat(Math.floor(1_900_000 / hoja.length))}${close}</Invoice>`);
  },
  /** 1.9 MB of character references in one text, and an attribute as long as allowed. */
  referencias: () => Buffer.from(`${UBL_INVOICE_ROOT} nota="${'&amp;&#65;'.repeat(409)}"><Note>${'&lt;&#x42;]'.repeat(172_000)}</Note></Invoice>`),
};
