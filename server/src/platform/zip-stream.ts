import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';

/**
 * A zip archive written front to back onto a stream, for downloads built as they are read
 * (the xlsx reports): small parts are deflated whole, a large part is deflated as it is
 * written and its CRC and sizes follow it in a data descriptor, so nothing waits for the
 * whole file. Only what an xlsx needs: deflate, no zip64 (a part stays under 4 GiB).
 */

const LIMIT = 0xffffffff;
/** General purpose flags: bit 3, CRC and sizes in a data descriptor after the data; bit 11, UTF-8 names. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time of `d` (local fields, as zip tools read them). */
function dosDateTime(d: Date): { date: number; time: number } {
  return {
    date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
  };
}

/**
 * Resolves when `stream` can take more, or at once when it was closed (client gone, deflater
 * stopped). Its listeners go away with it: a download waits thousands of times.
 */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosDateTime(new Date());

  constructor(private readonly out: Writable, private readonly level: number) {}

  /** Bytes out, waiting while the reader is behind; dropped once the stream is closed. */
  async push(buf: Buffer): Promise<void> {
    if (this.out.destroyed) return;
    this.offset += buf.length;
    if (!this.out.write(buf)) await drained(this.out);
  }

  private header(e: Entry, central: boolean): Buffer {
    const b = Buffer.alloc(central ? 46 : 30);
    let p = 0;
    const u16 = (v: number) => { p = b.writeUInt16LE(v, p); };
    const u32 = (v: number) => { p = b.writeUInt32LE(v >>> 0, p); };
    u32(central ? 0x02014b50 : 0x04034b50);
    if (central) u16(20); // version made by
    u16(20); // version needed: deflate
    u16(e.flags);
    u16(8); // deflate
    u16(this.stamp.time);
    u16(this.stamp.date);
    u32(e.crc);
    u32(e.compressed);
    u32(e.size);
    u16(e.name.length);
    u16(0); // extra field
    if (central) {
      u16(0); // comment
      u16(0); // disk
      u16(0); // internal attributes
      u32(0); // external attributes
      u32(e.offset);
    }
    return Buffer.concat([b, e.name]);
  }

  /** A part known whole (a few kB): deflated at once, sizes in its header. */
  async file(name: string, content: string): Promise<void> {
    const data = Buffer.from(content, 'utf8');
    const deflated = deflateRawSync(data, { level: this.level });
    const e: Entry = { name: Buffer.from(name), flags: FLAG_UTF8, crc: crc32(data), compressed: deflated.length, size: data.length, offset: this.offset };
    this.entries.push(e);
    await this.push(this.header(e, false));
    await this.push(deflated);
  }

  /**
   * A part written piece by piece; `end()` it before the next part. `buffered`: bytes the deflater
   * takes before a write waits (its writable high-water mark), so the next piece is written while
   * it compresses the last one on the thread pool.
   */
  async stream(name: string, buffered?: number): Promise<ZipPart> {
    const e: Entry = { name: Buffer.from(name), flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.entries.push(e);
    await this.push(this.header(e, false));
    return new ZipPart(this, e, createDeflateRaw({ level: this.level, ...(buffered ? { writableHighWaterMark: buffered } : {}) }));
  }

  /** The central directory and its end record: the archive is complete. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) await this.push(this.header(e, true));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.push(end);
    this.out.end();
  }
}

/** One part being deflated onto the archive; its output is forwarded as it comes. */
export class ZipPart {
  private readonly forwarded: Promise<void>;
  /** Resolves once the deflater has read the last bytes written (or was closed). */
  private lastRead: Promise<void> = Promise.resolve();
  private readonly closed: Promise<void>;

  constructor(private readonly zip: ZipWriter, private readonly entry: Entry, private readonly deflate: DeflateRaw) {
    this.closed = new Promise((resolve) => deflate.once('close', () => resolve()));
    this.forwarded = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await zip.push(chunk);
      }
    })();
    // A failure surfaces through write() or end(); this only keeps it from being reported as unhandled meanwhile.
    this.forwarded.catch(() => {});
  }

  /**
   * Adds bytes; resolves when the deflater can take more (the download keeps the pace). The
   * deflater reads `data` later, on the thread pool: keep it unchanged until `consumed()` resolves.
   */
  async write(data: Buffer): Promise<void> {
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    if (this.entry.size > LIMIT) throw new Error('zip part over 4 GiB: zip64 is not supported');
    let read!: () => void;
    this.lastRead = new Promise((resolve) => { read = resolve; });
    // Called once the deflater is done with `data`, or with an error once it was destroyed.
    if (!this.deflate.write(data, () => read())) await drained(this.deflate);
  }

  /** Resolves once the deflater has read everything written so far (at once if it was stopped). */
  consumed(): Promise<void> {
    return this.deflate.destroyed ? Promise.resolve() : Promise.race([this.lastRead, this.closed]);
  }

  async end(): Promise<void> {
    this.deflate.end();
    await this.forwarded;
    const d = Buffer.alloc(16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(this.entry.crc >>> 0, 4);
    d.writeUInt32LE(this.entry.compressed >>> 0, 8);
    d.writeUInt32LE(this.entry.size >>> 0, 12);
    await this.zip.push(d);
  }

  /** Stops deflating (the download was abandoned). */
  destroy(): void {
    this.deflate.destroy();
  }
}
