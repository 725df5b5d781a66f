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
