import { createInflateRaw } from 'node:zlib';

/**
 * What an uploaded zip (an .xlsx is one) may inflate to, checked while inflating: a small file
 * of highly compressible XML (a "zip bomb") is refused after reading at most these many bytes,
 * not after filling memory. A workbook at the 5 000-row limit inflates to a few MB.
 */
export interface ZipLimits {
  /** Most bytes one entry may inflate to. */
  entryBytes: number;
  /** Most bytes all entries together may inflate to. */
  totalBytes: number;
  /** Most entries in the archive. */
  entries: number;
}

export const XLSX_ZIP_LIMITS: ZipLimits = { entryBytes: 25 * 1024 * 1024, totalBytes: 50 * 1024 * 1024, entries: 500 };

/** Why an archive was refused: not a zip we read, or too large once inflated. */
export class ZipRefused extends Error {
  constructor(public readonly reason: 'invalid' | 'too-large') {
    super(reason);
  }
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
  /** Its record in the central directory, copied as is when the archive is reordered. */
  central: Buffer;
  /** Where its local header, data and descriptor end (set by the walk in file order). */
  end?: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the central directory (the zip's index at its end). */
function entriesOf(zip: Buffer, limits: ZipLimits): Entry[] {
  // The end record is in the last 22 bytes plus a comment of at most 64 KB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw new ZipRefused('invalid');
  const count = zip.readUInt16LE(eocd + 10);
  if (count > limits.entries) throw new ZipRefused('too-large');
  const entries: Entry[] = [];
  let p = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw new ZipRefused('invalid');
    const flags = zip.readUInt16LE(p + 8);
    // Encrypted entries and zip64 sizes (0xffffffff) have no place in a 5 MB workbook.
    if (flags & 1) throw new ZipRefused('invalid');
    const nameLength = zip.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    const entry: Entry = {
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      localOffset: zip.readUInt32LE(p + 42),
      central: zip.subarray(p, next),
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) throw new ZipRefused('invalid');
    entries.push(entry);
    p = next;
  }
  return entries;
}

/** Inflates one entry, discarding the output, and stops as soon as it passes `budget` bytes. */
function inflatedSize(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        reject(new ZipRefused('too-large'));
      }
    });
    inflate.on('error', () => reject(new ZipRefused('invalid')));
    inflate.on('end', () => resolve(size));
    inflate.end(data);
  });
}

const DESCRIPTOR = 0x08074b50;

/**
 * Refuses an archive whose entries would inflate past the limits, before any reader builds
 * anything from it. Only stored and deflated entries are accepted (what spreadsheets use).
 * Entries are walked in file order, as a streaming reader meets them, and each must be one
 * the index lists: an entry hidden from the index would escape the check. Answers the entries.
 */
export async function checkZip(zip: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS): Promise<Entry[]> {
  const entries = entriesOf(zip, limits);
  const byOffset = new Map(entries.map((e) => [e.localOffset, e]));
  let total = 0;
  let at = 0;
  while (at + 4 <= zip.length && zip.readUInt32LE(at) === LOCAL) {
    const e = byOffset.get(at);
    if (!e || at + 30 > zip.length) throw new ZipRefused('invalid');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + e.compressedSize);
    if (data.length !== e.compressedSize) throw new ZipRefused('invalid');
    at = start + e.compressedSize;
    // Bit 3: sizes follow the data in a descriptor (with or without its signature).
    if (zip.readUInt16LE(e.localOffset + 6) & 8) at += at + 4 <= zip.length && zip.readUInt32LE(at) === DESCRIPTOR ? 16 : 12;
    e.end = at;
    const budget = Math.min(limits.entryBytes, limits.totalBytes - total);
    if (e.method === 0) {
      if (data.length > budget) throw new ZipRefused('too-large');
      total += data.length;
    } else if (e.method === 8) {
      total += await inflatedSize(data, budget);
    } else {
      throw new ZipRefused('invalid');
    }
  }
  if (at + 4 > zip.length || zip.readUInt32LE(at) !== CENTRAL || entries.some((e) => e.end === undefined)) throw new ZipRefused('invalid');
  return entries;
}

/**
 * The same archive with the entries `first` picks moved to the front, unchanged (nothing is
 * inflated again). A streaming reader meets them before the others: exceljs then reads a sheet
 * as it arrives instead of copying it to a temporary file to wait for the shared strings,
 * which Excel writes after the sheets.
 */
export function withEntriesFirst(zip: Buffer, entries: Entry[], first: (name: string) => boolean): Buffer {
  const ordered = [...entries.filter((e) => first(e.name)), ...entries.filter((e) => !first(e.name))];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of ordered) {
    const local = zip.subarray(e.localOffset, e.end);
    const central = Buffer.from(e.central);
    central.writeUInt32LE(offset, 42);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(ordered.length, 8);
  end.writeUInt16LE(ordered.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
