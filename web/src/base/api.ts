import { MSG, type Envelope, type PageReply, type Paged } from '@obra/domain';
import { clearSession, getSession } from './session';

/** A refused call; `message` is the server's Spanish text, shown as an error toast. */
export class ApiError extends Error {
  readonly status: number;
  /** The envelope's data, when a refusal carries details (e.g. the rows in error of a load). */
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/**
 * A right password whose login needs a second step (issue 26): the code of the user's authenticator, or the
 * enrolment their role demands. The login screen shows that step instead of an error toast.
 */
export class SegundoPasoPendiente extends ApiError {
  constructor(message: string, readonly tipo: 'codigo' | 'enrolar', readonly desafio: string) {
    super(message, 401);
    this.name = 'SegundoPasoPendiente';
  }
}

/** 401 on a gated call: the session is over and the guard takes the user to login, no toast. */
export class SessionExpiredError extends ApiError {}

const NETWORK_ERROR = 'No se pudo conectar con el servidor, verifique su conexión';

/** Token and identity headers of spec 1 §7; the ids must agree with the token (DECISIONS §1). */
function sessionHeaders(): Record<string, string> {
  const s = getSession();
  if (!s) throw new SessionExpiredError(MSG.unauthenticated, 401);
  return {
    Authorization: `Bearer ${s.access_token}`,
    usuId: String(s.id_usuario),
    pveId: s.pve_id == null ? '' : String(s.pve_id),
    cliId: s.cli_id == null ? '' : String(s.cli_id),
  };
}

function refusal(status: number, envelope: Envelope<unknown> | null | undefined, withSession: boolean): ApiError {
  const text = envelope?.message || MSG.internal;
  if (status === 401 && withSession) {
    clearSession(text);
    return new SessionExpiredError(text, status);
  }
  return new ApiError(text, status, envelope?.data ?? null);
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    return (await res.json()) as Envelope<T>;
  } catch {
    return null;
  }
}

interface SendOptions {
  method?: 'POST' | 'DELETE';
  body?: BodyInit;
  headers?: Record<string, string>;
  /** false for the calls made before there is a session (login). */
  withSession?: boolean;
}

async function send(path: string, { method = 'POST', body, headers, withSession = true }: SendOptions): Promise<Response> {
  const allHeaders = { ...(withSession ? sessionHeaders() : {}), ...headers };
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, body, headers: allHeaders });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  if (!res.ok) throw refusal(res.status, await readEnvelope(res), withSession);
  return res;
}

async function envelopeOf<T>(res: Response, withSession: boolean): Promise<Envelope<T>> {
  const envelope = await readEnvelope<T>(res);
  if (!envelope || envelope.status !== 'success') throw refusal(res.status, envelope, withSession);
  return envelope;
}

/**
 * JSON POST to a gated endpoint; resolves with the whole envelope (data and the server's message).
 * `headers` adds call-specific headers, e.g. `idOrden` of the order calls (spec 1 §7).
 */
export async function apiPost<T>(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
  // Fastify refuses an empty body declared as JSON, so calls without a body send no content type.
  const init: SendOptions = body === undefined
    ? { headers }
    : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } };
  return envelopeOf<T>(await send(path, init), true);
}

/** A spec 2 or 3 list call: its page `{list, total, size, number}` as the shared table reads it (`Paged`). */
export async function apiPage<T>(path: string, body: unknown): Promise<Paged<T>> {
  const { page } = (await apiPost<PageReply<T>>(path, body)).data;
  return { data: page.list, total: page.total, total_exacto: page.total_exacto, siguiente: page.siguiente };
}

/**
 * JSON DELETE with a body, as the spec's delete calls (`DELETE /marca/delete {id_marca}`).
 * `failure` is the screen's text for a refused delete (spec 1 §8, 'Ocurrio un problema al
 * eliminar la marca'); the server's reason follows it unless the server already starts with it.
 */
export async function apiDelete<T>(path: string, body: unknown, failure?: string): Promise<Envelope<T>> {
  try {
    return envelopeOf<T>(await send(path, { method: 'DELETE', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }), true);
  } catch (error) {
    if (!failure || !(error instanceof ApiError) || error instanceof SessionExpiredError || error.message.startsWith(failure)) throw error;
    throw new ApiError(`${failure}: ${error.message}`, error.status, error.data);
  }
}

/** POST made without a session (login): the caller sets body and headers. */
export async function apiPublicPost<T>(path: string, body: BodyInit, headers: Record<string, string>): Promise<Envelope<T>> {
  return envelopeOf<T>(await send(path, { body, headers, withSession: false }), false);
}

/** JSON POST answering bytes (images, PDF, XLSX). */
export async function apiBlob(path: string, body: unknown): Promise<Blob> {
  const res = await send(path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  return res.blob();
}

/** JSON POST answering a file named by the server (Content-Disposition), e.g. SUNAT's PLE books. */
export async function apiFile(path: string, body: unknown): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '');
  return { blob: await res.blob(), filename: name?.[1] ?? null };
}

/** Multipart POST with upload progress in percent; XMLHttpRequest because fetch reports none. */
export function apiUpload<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    Object.entries(sessionHeaders()).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded * 100) / e.total));
    };
    xhr.onload = () => {
      const envelope = xhr.response as Envelope<T> | null;
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.status === 'success') resolve(envelope);
      else reject(refusal(xhr.status, envelope, true));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.send(form);
  });
}

/** Bytes received so far and, when the server sends a length, the total. */
export type DownloadProgress = (received: number, total: number | null) => void;

/**
 * GET (or JSON POST) answering a file, with download progress (also for a streamed answer without
 * a length: the bytes so far); XMLHttpRequest because fetch reports none. A refusal answers the JSON envelope instead of the file: its message is thrown.
 */
export function apiDownload(
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; onProgress?: DownloadProgress; signal?: AbortSignal } = {},
): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // Aborting (a closed popup) rejects with the signal's reason, which callers tell apart by `signal.aborted`.
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(opts.signal?.reason ?? new DOMException('Descarga cancelada', 'AbortError'));
    xhr.open(opts.body === undefined ? 'GET' : 'POST', `/api${path}`);
    try {
      Object.entries({ ...sessionHeaders(), ...opts.headers }).forEach(([name, value]) => xhr.setRequestHeader(name, value));
    } catch (error) {
      reject(error as Error);
      return;
    }
    if (opts.body !== undefined) xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.responseType = 'blob';
    xhr.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable ? e.total : null);
    xhr.onload = () => {
      const blob = xhr.response as Blob | null;
      if (xhr.status === 200 && blob) {
        resolve(blob);
        return;
      }
      void (blob ? blob.text() : Promise.resolve('')).then((text) => {
        let envelope: Envelope<unknown> | null = null;
        try {
          envelope = JSON.parse(text) as Envelope<unknown>;
        } catch {
          // Not an envelope (a proxy's page): the generic message.
        }
        reject(refusal(xhr.status, envelope, true));
      });
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.send(opts.body === undefined ? null : JSON.stringify(opts.body));
  });
}
