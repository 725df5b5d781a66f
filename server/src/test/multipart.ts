import type { TestContext } from './harness.ts';
import type { Auth, Reply } from './expect.ts';

/** A multipart call with the fields given and, optionally, one file under the field `file`. */
export function multipart(ctx: TestContext, path: string, fields: Record<string, string>, file: { name: string; type: string; content: Buffer } | null, who: Auth) {
  const boundary = '----obra-prueba';
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return ctx.app.inject({ method: 'POST', url: `/api/${path}`, headers: { ...who, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) }) as unknown as Promise<Reply>;
}
