import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runSteps } from '../../scripts/build-progress.mjs';
import { TerminalLogController, loggerOptions, logController } from './logger.ts';
import { startupText } from './startup.ts';

/** What `npm start` shows a person on a terminal (issue 24); JSON output keeps every line. */

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { lines.push(JSON.parse(chunk.toString())); done(); } });
  return { lines, stream };
}

async function appWith(level: string, terminal: boolean) {
  const { lines, stream } = capture();
  const app = Fastify({ logger: { level, stream }, logController: terminal ? new TerminalLogController() : undefined });
  app.get('/api/ok', async () => ({ ok: true }));
  app.get('/api/falla', async () => { throw new Error('se cayó'); });
  await app.ready();
  return { app, lines };
}

describe('request logging', () => {
  it('on a terminal a request writes nothing at info, and one line at debug', async () => {
    const info = await appWith('info', true);
    await info.app.inject({ method: 'GET', url: '/api/ok?k=secreto' });
    expect(info.lines).toEqual([]);
    const debug = await appWith('debug', true);
    await debug.app.inject({ method: 'GET', url: '/api/ok?k=secreto' });
    expect(debug.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^GET \/api\/ok 200 \d+ ms$/)]);
  });

  it('on a terminal a failed request still reaches info', async () => {
    const { app, lines } = await appWith('info', true);
    await app.inject({ method: 'GET', url: '/api/falla' });
    expect(lines.some((l) => l.level === 50 && String(l.msg).includes('se cayó'))).toBe(true);
  });

  it('as JSON (not a terminal) every request keeps its two lines', async () => {
    const { app, lines } = await appWith('info', false);
    await app.inject({ method: 'GET', url: '/api/ok' });
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logController({ logPretty: false })).toBeUndefined();
    expect(logController({ logPretty: true })).toBeInstanceOf(TerminalLogController);
  });

  it("on a terminal Fastify's 'Server listening at' lines give way to the start-up block", () => {
    const options = loggerOptions({ logLevel: 'info', logPretty: true }) as { hooks: { logMethod: (a: unknown[], m: (...a: unknown[]) => void) => void } };
    const written: unknown[][] = [];
    const method = (...a: unknown[]) => { written.push(a); };
    options.hooks.logMethod(['Server listening at http://127.0.0.1:3000'], method);
    options.hooks.logMethod(['cerrando'], method);
    expect(written).toEqual([['cerrando']]);
    expect(loggerOptions({ logLevel: 'info', logPretty: false })).not.toHaveProperty('hooks');
  });
});

describe('startupText', () => {
  const base = {
    version: '8.0.5', database: 'pglite', startupMs: 1480, urls: ['http://localhost:3000', 'http://192.168.1.20:3000'],
    before: { users: 11, demo: true }, after: { users: 11, demo: true }, advertencia: null, logLevel: 'info',
  };

  it('says where to open Obra, one address a line, and the account, in plain text', () => {
    const text = startupText(base);
    expect(text).toContain('Obra 8.0.5 lista en 1.5 s (base embebida PGlite).');
    expect(text).toContain('  Abra Obra en el navegador:\n    http://localhost:3000\n    http://192.168.1.20:3000\n');
    expect(text).toContain('admin@andina.pe y la contraseña Demo.2026');
    expect(text).toContain('cada petición con LOG_LEVEL=debug');
    expect(text).not.toMatch(/[{}]|INFO/);
    expect(text).not.toContain('Atención');
  });

  it('carries the public address warning', () => {
    expect(startupText({ ...base, advertencia: 'La dirección pública no está configurada' })).toContain('Atención: La dirección pública no está configurada');
  });
});

describe('build progress (npm start)', () => {
  const noisy = { label: 'la web', command: process.execPath, args: ['-e', 'for (let i = 0; i < 190; i++) console.log("dist/assets/chunk-" + i + ".js 1.2 kB")'] };

  it('on a terminal: one line rewritten in place, none of the build output', async () => {
    let written = '';
    await runSteps([noisy, { ...noisy, label: 'el servidor' }], { out: { isTTY: true, write: (s: string) => { written += s; } }, tickMs: 5 });
    expect(written).not.toContain('chunk-');
    expect(written.split('\n').filter(Boolean)).toHaveLength(1);
    expect(written).toContain('Construyendo Obra: la web…');
    expect(written).toMatch(/Obra construida en \d+ s \(la web y el servidor\)\.\n$/);
  });

  it('without a terminal: plain lines; a failure shows its output', async () => {
    let written = '';
    const out = { isTTY: false, write: (s: string) => { written += s; } };
    await runSteps([noisy], { out });
    expect(written).toMatch(/^Construyendo Obra: la web…\nObra construida en \d+ s \(la web\)\.\n$/);
    const failing = { label: 'la web', command: process.execPath, args: ['-e', 'console.error("error TS2304: Cannot find name"); process.exit(2)'] };
    await expect(runSteps([failing], { out })).rejects.toThrow(/No se pudo construir la web \(código 2\):\nerror TS2304/);
  });
});
