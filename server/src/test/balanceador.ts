import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { llamar } from './instancia.ts';

/** A request the balancer could not deliver: no backend was ready, or the backend's connection failed. */
export interface Perdida {
  backend: string | null;
  ruta: string;
  error: string;
}

export interface Balanceador {
  url: string;
  /** Requests each backend answered (by its URL). */
  atendidas: Map<string, number>;
  perdidas: Perdida[];
  /** Whether the last poll found the backend ready. */
  listo(backend: string): boolean;
  /** Each change of a backend's state, with the time since the balancer started, for a failure's message. */
  cambios: string[];
  close(): Promise<void>;
}

/** Headers of one connection, not forwarded (RFC 9110 §7.6.1). */
const SALTO = new Set(['connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'proxy-connection', 'host']);
const sinSalto = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => !SALTO.has(k.toLowerCase())));

/** Health checks that may time out in a row before a backend that still holds its connections is taken out. */
const LENTOS_SEGUIDOS = 3;

/**
 * The strict load balancer of the issue 28 test: round robin over the ready backends, keep-alive connections to them
 * as a real balancer keeps, X-Forwarded-For added, and no retry: a request whose backend fails is lost (502) and
 * recorded, as a client would see it. `/health/ready` is polled every `pollMs`: a backend is out at once when it
 * answers anything but 200 or refuses the connection, and after a few checks in a row without an answer in 2 s (a
 * busy machine answers slowly; cloud balancers count such thresholds too); it is back at its first 200.
 */
export async function balanceador(backends: string[], pollMs = 100): Promise<Balanceador> {
  const listos = new Map(backends.map((b) => [b, false]));
  const sondeando = new Set<string>();
  const lentos = new Map(backends.map((b) => [b, 0]));
  const atendidas = new Map(backends.map((b) => [b, 0]));
  const perdidas: Perdida[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let turno = 0;
  const inicio = Date.now();
  const cambios: string[] = [];
  const marcar = (b: string, listo: boolean, motivo: string) => {
    if (listos.get(b) !== listo) cambios.push(`${Date.now() - inicio} ms ${b} ${listo ? 'listo' : `no listo (${motivo})`}`);
    listos.set(b, listo);
  };

  const sondear = () => {
    for (const b of backends) {
      if (sondeando.has(b)) continue;
      sondeando.add(b);
      llamar(`${b}/health/ready`, { timeoutMs: 2000 })
        .then((r) => {
          lentos.set(b, 0);
          marcar(b, r.status === 200, String(r.status));
        }, (err: Error & { code?: string }) => {
          const lento = !err.code;
          lentos.set(b, lento ? (lentos.get(b) ?? 0) + 1 : 0);
          if (!lento || (lentos.get(b) ?? 0) >= LENTOS_SEGUIDOS) marcar(b, false, err.message);
        })
        .finally(() => sondeando.delete(b));
    }
  };
  const timer = setInterval(sondear, pollMs);
  sondear();

  const server = http.createServer((req, res) => {
    const ruta = `${req.method} ${req.url}`;
    const candidatos = backends.filter((b) => listos.get(b));
    if (candidatos.length === 0) {
      perdidas.push({ backend: null, ruta, error: 'ningún servidor listo' });
      res.writeHead(503).end();
      req.resume();
      return;
    }
    const backend = candidatos[turno++ % candidatos.length];
    const xff = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const up = http.request(new URL(req.url ?? '/', backend), { method: req.method, headers: { ...sinSalto(req.headers), 'x-forwarded-for': xff }, agent }, (r) => {
      atendidas.set(backend, (atendidas.get(backend) ?? 0) + 1);
      res.writeHead(r.statusCode ?? 502, sinSalto(r.headers));
      r.pipe(res);
      r.on('error', (err) => {
        perdidas.push({ backend, ruta, error: `respuesta cortada: ${err.message}` });
        res.destroy();
      });
    });
    up.on('error', (err) => {
      perdidas.push({ backend, ruta, error: err.message });
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Let the first poll land before traffic arrives.
  await new Promise((resolve) => setTimeout(resolve, pollMs * 3));
  return {
    url: `http://127.0.0.1:${port}`,
    atendidas,
    perdidas,
    listo: (b) => listos.get(b) ?? false,
    cambios,
    close: () => new Promise<void>((resolve) => {
      clearInterval(timer);
      agent.destroy();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
