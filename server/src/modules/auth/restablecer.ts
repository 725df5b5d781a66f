import { hash } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { RESTABLECER_MSG, loginEmail } from '@obra/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError, badRequest, conflict } from '../../platform/errors.ts';
import { comprobarPassword } from '../../platform/passwords.ts';
import { findLogin, setPassword } from '../usuario/queries.ts';
import * as q from './queries.ts';

/** How long a mailed link works. */
export const ENLACE_MINUTOS = 30;
/** Links an account may be sent in an hour; past it the request answers the same and mails nothing. */
const ENLACES_POR_HORA = 5;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `/oauth/olvidePassword` (issue 26): mails a single-use link valid 30 minutes to an active account's address. The
 * reply is the same whether the address has an account or not, and takes the same path: the mail is written to the
 * outbox after the answer, never awaited by the request (no timing tells an account exists either).
 */
export async function olvidePassword(deps: Deps, usuCorreo: string, ip: string, log?: FastifyBaseLogger, now = new Date()): Promise<void> {
  const db = deps.database.db;
  const correo = loginEmail(usuCorreo, deps.config.companyDomain);
  const cuenta = await findLogin(db, correo);
  await recordAudit(db, { aud_accion: 'password_olvido', usu_id: cuenta?.usu_id ?? null, aud_usuario: correo, aud_ip: ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/olvidePassword', aud_modulo: 'login', aud_estado_http: 200 });
  if (!cuenta || cuenta.usu_estado !== 1 || !cuenta.usu_confirmado) return;
  if ((await q.enlacesRecientes(db, cuenta.usu_id)) >= ENLACES_POR_HORA) return;
  const token = randomBytes(32).toString('base64url');
  const expira = new Date(now.getTime() + ENLACE_MINUTOS * 60_000);
  await db.transaction((tx) => q.insertarEnlace(tx, cuenta.usu_id, sha256(token), expira, ip));
  void (async () => {
    // The token travels after '#', so it never reaches a server log through the page's own request.
    const enlace = `${(await deps.ajustes.direccionPublica()).url}/restablecerPassword#${token}`;
    await deps.mailer.send(db, {
      to: correo,
      subject: `Restablecer su contraseña — ${deps.config.company.name}`,
      text: [
        'Recibimos un pedido para restablecer la contraseña de su cuenta.',
        '',
        `Para elegir una nueva, abra este enlace antes de ${ENLACE_MINUTOS} minutos (sirve una sola vez):`,
        enlace,
        '',
        'Si no lo pidió usted, ignore este correo: su contraseña no cambia.',
      ].join('\n'),
    });
  })().catch((err: unknown) => log?.error({ err }, 'no se pudo escribir el correo de restablecimiento'));
}

/**
 * `/oauth/restablecerPassword` (issue 26): the link's token, once and before it expires, sets the new password. The
 * password change bumps the token version, so every session opened before ends; every other link of the account is
 * spent.
 */
export async function restablecerPassword(deps: Deps, token: string, password: string, ip: string, now = new Date()): Promise<{ usu_correo: string }> {
  const r = await deps.database.db.transaction(async (tx) => {
    const e = await q.bloquearEnlace(tx, sha256(token), now);
    if (!e || e.usu_estado !== 1) throw badRequest(RESTABLECER_MSG.enlaceInvalido);
    if (e.rpw_usado) throw conflict(RESTABLECER_MSG.enlaceUsado);
    if (e.vencido) throw new AppError(410, RESTABLECER_MSG.enlaceVencido);
    await comprobarPassword(password, { nombre: e.usu_nombre, apellido: e.usu_apellido, correo: e.usu_correo });
    const passwordHash = await hash(password);
    await setPassword(tx, e.usu_id, passwordHash);
    await q.gastarEnlaces(tx, e.usu_id);
    return e;
  });
  deps.profiles.invalidate(r.usu_id);
  await recordAudit(deps.database.db, { aud_accion: 'password_restablecido', usu_id: r.usu_id, aud_usuario: r.usu_correo, aud_ip: ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/restablecerPassword', aud_modulo: 'login', aud_estado_http: 200 });
  return { usu_correo: r.usu_correo };
}
