import { promisify } from 'node:util';
import { crc32, deflateRaw, inflateRaw } from 'node:zlib';

const inflateRawAsync = promisify(inflateRaw);
const deflateRawAsync = promisify(deflateRaw);

/**
 * What an uploaded zip (an .xlsx is one) may inflate to. The archive is inflated here, entry by entry in file order,
 * counting the bytes that really come out against these limits (in zlib's thread pool, so the event loop keeps
 * serving); a reader is then handed only what was inflated, stored again without compression, so nothing a reader
 * meets can inflate past what was counted (issue 29). A workbook at the 5 000-row limit inflates to a few MB.
 */
export interface ZipLimits {
  /** Most bytes one entry may inflate to. */
  entryBytes: number;
  /** Most bytes all entries together may inflate to. */
  totalBytes: number;
  /** Most entries in the archive. */
  entries: number;
}

export const XLSX_ZIP_LIMITS: ZipLimits = { entryBytes: 24 * 1024 * 1024, totalBytes: 32 * 1024 * 1024, entries: 500 };

/** Why an archive was refused: not a zip we read, or too large once inflated. */
export class ZipRefused extends Error {
  constructor(public readonly reason: 'invalid' | 'too-large') {
    super(reason);
  }
}

/** An entry as the central directory (the zip's index at its end) describes it. */
interface Central {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** An entry's name and its inflated content. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const invalid = () => new ZipRefused('invalid');

/** The central directory's entries and where the directory starts. */
function centralDirectory(zip: Buffer, limits: ZipLimits): { entries: Central[]; start: number } {
  // The end record is in the last 22 bytes plus a comment of at most 64 KB.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw invalid();
  const count = zip.readUInt16LE(eocd + 10);
  if (count > limits.entries) throw new ZipRefused('too-large');
  const start = zip.readUInt32LE(eocd + 16);
  const entries: Central[] = [];
  let p = start;
  for (let n = 0; n < count; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw invalid();
    const nameLength = zip.readUInt16LE(p + 28);
    entries.push({
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
      flags: zip.readUInt16LE(p + 8),
      method: zip.readUInt16LE(p + 10),
      crc: zip.readUInt32LE(p + 16),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return { entries, start };
}

/** One entry's bytes inflated, never more than `budget`; a stream that gives more or other than declared is refused. */
async function inflateEntry(c: Central, data: Buffer, budget: number): Promise<Buffer> {
  if (c.size > budget) throw new ZipRefused('too-large');
  let out: Buffer;
  if (c.method === 0) {
    out = data;
  } else if (c.method === 8) {
    try {
      out = await inflateRawAsync(data, { maxOutputLength: Math.max(1, c.size) });
    } catch {
      // More output than the index declared (a lie about the size) or not deflate at all.
      throw invalid();
    }
  } else {
    throw invalid();
  }
  if (out.length !== c.size || crc32(out) !== c.crc) throw invalid();
  return out;
}

/**
 * Inflates an archive from its local headers, in file order as a streaming reader meets them, checking each against
 * its record in the central directory (name, method, sizes, checksum must agree; every entry listed once, nothing
 * hidden between them) and counting what really inflates against `limits`. Only stored and deflated entries, no
 * encryption, no zip64: what spreadsheets use.
 */
export async function inflateZip(zip: Buffer, limits: ZipLimits = XLSX_ZIP_LIMITS): Promise<ZipEntry[]> {
  const { entries, start: directory } = centralDirectory(zip, limits);
  const byOffset = new Map(entries.map((e) => [e.localOffset, e]));
  if (byOffset.size !== entries.length || new Set(entries.map((e) => e.name)).size !== entries.length) throw invalid();
  const out: ZipEntry[] = [];
  let total = 0;
  let at = 0;
  while (at < directory) {
    const c = byOffset.get(at);
    if (!c || at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw invalid();
    const flags = zip.readUInt16LE(at + 6);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    const described = (flags & 8) !== 0;
    const agrees = zip.toString('utf8', at + 30, at + 30 + nameLength) === c.name
      && zip.readUInt16LE(at + 8) === c.method && (flags & 1) === 0 && (c.flags & 1) === 0
      && (described
        ? [14, 18, 22].every((o) => zip.readUInt32LE(at + o) === 0 || zip.readUInt32LE(at + o) === [c.crc, c.compressedSize, c.size][(o - 14) / 4])
        : zip.readUInt32LE(at + 14) === c.crc && zip.readUInt32LE(at + 18) === c.compressedSize && zip.readUInt32LE(at + 22) === c.size);
    if (!agrees || c.compressedSize === 0xffffffff || c.size === 0xffffffff) throw invalid();
    const data = zip.subarray(start, start + c.compressedSize);
    if (data.length !== c.compressedSize) throw invalid();
    at = start + c.compressedSize;
    if (described) {
      // Sizes after the data, with or without the descriptor's signature; they too must agree.
      const signed = at + 4 <= zip.length && zip.readUInt32LE(at) === DESCRIPTOR ? 4 : 0;
      if (at + signed + 12 > zip.length) throw invalid();
      if (zip.readUInt32LE(at + signed) !== c.crc || zip.readUInt32LE(at + signed + 4) !== c.compressedSize || zip.readUInt32LE(at + signed + 8) !== c.size) throw invalid();
      at += signed + 12;
    }
    const inflated = await inflateEntry(c, data, Math.min(limits.entryBytes, limits.totalBytes - total));
    total += inflated.length;
    out.push({ name: c.name, data: inflated });
  }
  if (at !== directory || out.length !== entries.length) throw invalid();
  return out;
}

/**
 * The entries as a new archive of exactly what was inflated and counted, deflated again (level 1, in zlib's thread
 * pool), those `first` picks at the front: a streaming reader meets them before the others (exceljs then reads a
 * sheet as it arrives instead of parking it in a temporary file to wait for the shared strings, which Excel writes
 * after the sheets). Deflated rather than stored: the reader then inflates a sheet as it parses it, a slice at a
 * time, instead of gathering a stored sheet whole first. Folders and empty entries are left out (nothing a reader
 * needs, and an empty entry stalls exceljs's reader).
 */
export async function rebuiltZip(entries: ZipEntry[], first: (name: string) => boolean): Promise<Buffer> {
  const files = entries.filter((e) => e.data.length > 0);
  const ordered = [...files.filter((e) => first(e.name)), ...files.filter((e) => !first(e.name))];
  const pieces: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of ordered) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const packed = await deflateRawAsync(e.data, { level: 1 });
    // The fields both records share, from the flags on: UTF-8 names, deflated, checksum, sizes, name length.
    const common = (record: Buffer, at: number) => {
      record.writeUInt16LE(0x800, at);
      record.writeUInt16LE(8, at + 2);
      record.writeUInt32LE(crc, at + 8);
      record.writeUInt32LE(packed.length, at + 12);
      record.writeUInt32LE(e.data.length, at + 16);
      record.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    common(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    common(central, 8);
    central.writeUInt32LE(offset, 42);
    pieces.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(ordered.length, 8);
  end.writeUInt16LE(ordered.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...pieces, directory, end]);
}
