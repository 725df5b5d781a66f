import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from './errors.ts';
import { checkText } from './input.ts';

export interface CheckedFile {
  buffer: Buffer;
  extension: string;
  mime: string;
  filename: string;
}

export interface UploadRule {
  /** Accepted real types (detected from content) and the extension to store them with. */
  types: Record<string, string>;
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
  missingMessage: string;
  /**
   * For a type file-type cannot detect (a PKCS#12 certificate is bare DER): decides from the content
   * and the name instead of `types`; null refuses with `typeMessage`.
   */
  accept?: (buffer: Buffer, filename: string) => { mime: string; extension: string } | null;
}

export const MALFORMED_MULTIPART = 'El archivo no se recibió completo o el formulario enviado no es válido';
export const TOO_MANY_FILES = 'Envíe un solo archivo';
export const TOO_MANY_FIELDS = 'El formulario tiene demasiados campos';

/**
 * One mapping from the multipart parser's own failures to the product's messages, for every upload route (issue 29):
 * too many files (`files`, 'Envíe un solo archivo' by default), too many fields or parts, a file past the size
 * (`size`), and a body cut short or malformed (MALFORMED_MULTIPART) all answer 400 with their own words. Our refusals
 * keep theirs.
 */
export function multipartRefusal(err: unknown, messages: { size: string; files?: string }): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.files ?? TOO_MANY_FILES);
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return badRequest(TOO_MANY_FIELDS);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest(messages.size);
  return badRequest(MALFORMED_MULTIPART);
}

/** A part's content; past the size limit it is the size's refusal, and any other failure (a cut body) the parser's. */
export async function partBuffer(part: { toBuffer(): Promise<Buffer>; file: { truncated: boolean } }, sizeMessage: string): Promise<Buffer> {
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ? badRequest(sizeMessage) : err;
  }
  if (part.file.truncated) throw badRequest(sizeMessage);
  return buffer;
}

/**
 * Reads a multipart request: its text fields and the one file of `fileField`, whose real
 * type is checked from its content (not its name or declared type) and whose size is
 * checked, before anything is stored.
 */
export async function readUpload(request: FastifyRequest, fileField: string, rule: UploadRule) {
  if (!request.isMultipart()) throw badRequest(rule.missingMessage);
  const fields: Record<string, string> = {};
  let file: { buffer: Buffer; filename: string; truncated: boolean } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const buffer = await partBuffer(part, rule.sizeMessage);
        if (part.fieldname === fileField) file = { buffer, filename: part.filename, truncated: part.file.truncated };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    throw multipartRefusal(err, { size: rule.sizeMessage });
  }
  checkText(fields);
  if (!file || file.buffer.length === 0) throw badRequest(rule.missingMessage);
  if (file.truncated || file.buffer.length > rule.maxBytes) throw badRequest(rule.sizeMessage);
  if (rule.accept) {
    const accepted = rule.accept(file.buffer, file.filename);
    if (!accepted) throw badRequest(rule.typeMessage);
    return { fields, file: { buffer: file.buffer, ...accepted, filename: file.filename } satisfies CheckedFile };
  }
  const detected = await fileTypeFromBuffer(file.buffer);
  const extension = detected ? rule.types[detected.mime] : undefined;
  if (!detected || !extension) throw badRequest(rule.typeMessage);
  const checked: CheckedFile = { buffer: file.buffer, extension, mime: detected.mime, filename: file.filename };
  return { fields, file: checked };
}

const MAX_FILE_NAME = 255;

/**
 * The name the file is kept under: the client's name without any path or control characters,
 * ending in the extension of its real type (a PNG sent as 'foto.pdf' becomes 'foto.pdf.png').
 */
export function storedFileName(original: string, extension: string): string {
  const last = original.split(/[\\/]/).pop() ?? '';
  const base = [...last].filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f).join('').trim().normalize('NFC');
  const accepted = extension === 'jpg' ? ['jpg', 'jpeg'] : [extension];
  const dot = base.lastIndexOf('.');
  const current = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const [stem, ext] = accepted.includes(current) ? [base.slice(0, dot), base.slice(dot + 1)] : [base || 'archivo', extension];
  return `${stem.slice(0, MAX_FILE_NAME - ext.length - 1)}.${ext}`;
}

/**
 * `Content-Disposition` of a download: the exact name (accents, spaces) as RFC 6266 `filename*`, and
 * an ASCII fallback in `filename`. `inline` lets the browser show it (a PDF) instead of saving it.
 */
export function contentDisposition(nombre: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = nombre.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_');
  // RFC 5987 leaves ' ( ) * out of a value; encodeURIComponent keeps them.
  const encoded = encodeURIComponent(nombre).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
