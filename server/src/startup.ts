import type { NetworkInterfaceInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo.ts';

/** What the start-up message says about the accounts. */
export interface Accounts {
  users: number;
  /** The demo administrator exists. */
  demo: boolean;
}

const DEMO_ADMIN = DEMO_USERS[0].correo;

export async function readAccounts(db: Db): Promise<Accounts> {
  const [row] = await selectRows<{ users: number; demo: boolean }>(db, sql`
    select count(*)::int as users, coalesce(bool_or(lower(usu_correo) = ${DEMO_ADMIN}), false) as demo from usuario`);
  return row;
}

/** The addresses a person can open: localhost and, when listening on every interface, each IPv4 of the machine. */
export function addressesToOpen(host: string, port: number, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const everywhere = host === '0.0.0.0' || host === '::';
  const local = everywhere || host === '127.0.0.1' || host === 'localhost' || host === '::1';
  const hosts = local ? ['localhost'] : [host];
  if (everywhere) {
    for (const list of Object.values(interfaces)) {
      for (const i of list ?? []) if (i.family === 'IPv4' && !i.internal) hosts.push(i.address);
    }
  }
  return hosts.map((h) => `http://${h}:${port}`);
}

/** The lines printed once the server listens: where to go and with which account. */
export function startupLines(urls: string[], before: Accounts, after: Accounts): string[] {
  const lines = [`Abra Obra en el navegador: ${urls.join('  ·  ')}`];
  if (after.demo) {
    lines.push(before.users === 0
      ? 'Datos de demostración cargados en este primer inicio.'
      : 'Los datos de demostración ya estaban cargados.');
    lines.push(`Ingrese con ${DEMO_ADMIN} y la contraseña ${DEMO_PASSWORD} (las demás cuentas de demostración están en README.md).`);
  } else if (after.users === 0) {
    lines.push('La base no tiene usuarios: cree el primer administrador con npm run create-admin.');
  } else {
    lines.push('Ingrese con su cuenta; sin datos de demostración.');
  }
  return lines;
}

/** What the log below the start-up block will show. */
function registro(level: string): string {
  if (level === 'debug' || level === 'trace') return `Registro (LOG_LEVEL=${level}): cada petición, avisos y errores.`;
  if (level === 'silent') return 'Registro apagado (LOG_LEVEL=silent).';
  return `Registro (LOG_LEVEL=${level}): avisos y errores; cada petición con LOG_LEVEL=debug.`;
}

export interface StartupSummary {
  version: string;
  database: 'pglite' | 'postgres' | string;
  startupMs: number;
  urls: string[];
  before: Accounts;
  after: Accounts;
  /** The public address warning (platform/ajustes.ts), when links would point to this machine alone. */
  advertencia: string | null;
  logLevel: string;
}

/**
 * What a person sees in a terminal once the server listens (issue 24): plain text, not log lines,
 * so the addresses and the account are not buried; the logs follow below it.
 */
export function startupText(s: StartupSummary): string {
  const [, ...account] = startupLines(s.urls, s.before, s.after);
  const seconds = (s.startupMs / 1000).toFixed(1);
  const base = s.database === 'pglite' ? 'base embebida PGlite' : 'PostgreSQL';
  return [
    '',
    `Obra ${s.version} lista en ${seconds} s (${base}).`,
    '',
    '  Abra Obra en el navegador:',
    ...s.urls.map((u) => `    ${u}`),
    '',
    ...account.map((l) => `  ${l}`),
    ...(s.advertencia ? ['', `  Atención: ${s.advertencia}`] : []),
    '',
    `${registro(s.logLevel)} Ctrl+C detiene el servidor.`,
    '',
    '',
  ].join('\n');
}
