import { hash, verify } from '@node-rs/argon2';
import { MSG, loginEmail } from '@obra/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { administradores, loginFailures } from '../../platform/audit-queries.ts';
import { recordAudit } from '../../platform/audit.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { abrirSesion } from '../../platform/auth/sesiones.ts';
import { AppError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { findLogin, findUser } from '../usuario/queries.ts';
import { sessionReply } from './session.ts';

const MAX_FAILURES_PER_MINUTE = 10;
/** Failures for one account (any address, 15 minutes) from which its logins are slowed down and administrators alerted. */
export const CUENTA_BAJO_ATAQUE = 10;

/**
 * The wait before a login for an account with `fallos` failures in 15 minutes from any address (DECISIONS §1):
 * none below the threshold, then 250 ms doubling with each failure, up to `maximo`. It slows a guesser spread over
 * many addresses without ever refusing the owner, who still gets in with the right password.
 */
export function esperaPorFallos(fallos: number, maximo: number): number {
  if (fallos < CUENTA_BAJO_ATAQUE) return 0;
  return Math.min(maximo, 250 * 2 ** Math.min(fallos - CUENTA_BAJO_ATAQUE, 16));
}
/** Verified when the account does not exist, so both cases take the same time. */
const decoyHash = hash('contraseña-inexistente');

/** Checks the web client's Basic credentials of the token endpoint. */
export function clientMatches(deps: Deps, authorization: string | undefined): boolean {
  if (!authorization || !/^Basic /i.test(authorization)) return false;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  return sep > 0 && decoded.slice(0, sep) === deps.config.oauthClient.id && decoded.slice(sep + 1) === deps.config.oauthClient.secret;
}

export async function login(deps: Deps, input: { username: string; password: string }, ip: string, log?: FastifyBaseLogger, userAgent?: string) {
  const db = deps.database.db;
  const correo = loginEmail(input.username, deps.config.companyDomain);
  const audit = (aud_accion: string, usu_id: number | null, aud_estado_http: number) =>
    recordAudit(db, { aud_accion, usu_id, aud_usuario: correo, aud_ip: ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/token', aud_modulo: 'login', aud_estado_http });

  // Refused for an address that fails too often (whatever the account), and for this account from this address; an
  // account failing from many addresses is slowed down, never refused (DECISIONS §1).
  const fallos = await loginFailures(db, correo, ip);
  if (fallos.ip >= MAX_FAILURES_PER_MINUTE || fallos.cuentaIp >= MAX_FAILURES_PER_MINUTE) {
    await audit('login_bloqueado', null, 429);
    throw tooManyRequests();
  }
  if (fallos.cuenta >= CUENTA_BAJO_ATAQUE && !fallos.alertado) await alertarAdministradores(deps, correo, fallos, ip, log);
  const espera = esperaPorFallos(fallos.cuenta, deps.config.loginDelayMaxMs);
  if (espera > 0) await new Promise((resolve) => setTimeout(resolve, espera));
  const account = await findLogin(db, correo);
  const valid = await verify(account?.hash ?? (await decoyHash), input.password).catch(() => false);
  if (!account || !valid) {
    await audit('login_fallido', account?.usu_id ?? null, 401);
    throw unauthorized(MSG.badCredentials);
  }
  if (account.usu_estado !== 1) {
    await audit('login_fallido', account.usu_id, 403);
    throw new AppError(403, MSG.userInactive);
  }
  if (!account.usu_confirmado) {
    await audit('login_fallido', account.usu_id, 403);
    throw new AppError(403, MSG.supplierPending);
  }
  const [profile, user] = await Promise.all([loadProfileById(db, account.usu_id), findUser(db, account.usu_id)]);
  if (!profile || !user) throw unauthorized(MSG.badCredentials);
  const sid = await abrirSesion(db, { usuId: account.usu_id, version: account.usu_token_version, ip, userAgent, ttlSeconds: deps.tokens.ttlSeconds });
  const access_token = await deps.tokens.sign({ usu_id: account.usu_id, ver: account.usu_token_version, sid });
  await audit('login_ok', account.usu_id, 200);
  return sessionReply(profile, user, { access_token, expires_in: deps.tokens.ttlSeconds });
}

/**
 * Tells the administrators, once an hour per account, that an account fails from many addresses: an audit line
 * ('login_alerta', which also marks the hour) and a mail through the outbox, not awaited by the login.
 */
async function alertarAdministradores(deps: Deps, correo: string, fallos: { cuenta: number; direcciones: number }, ip: string, log?: FastifyBaseLogger) {
  const db = deps.database.db;
  await recordAudit(db, {
    aud_accion: 'login_alerta', usu_id: null, aud_usuario: correo, aud_ip: ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/token',
    aud_modulo: 'login', aud_estado_http: 401, aud_detalle: { fallos: fallos.cuenta, direcciones: fallos.direcciones },
  });
  const text = `La cuenta ${correo} acumula ${fallos.cuenta} intentos fallidos de inicio de sesión en 15 minutos desde ${fallos.direcciones} ` +
    'direcciones. Sus inicios de sesión se están ralentizando; la cuenta no está bloqueada. Revise la auditoría y, si no fue el usuario, ' +
    'pídale cambiar su contraseña.';
  void (async () => {
    for (const to of await administradores(db)) await deps.mailer.send(db, { to, subject: `Intentos fallidos de inicio de sesión: ${correo}`, text });
  })().catch((err: unknown) => log?.warn({ err }, 'no se pudo avisar a los administradores'));
}

/** The session data again for a valid token (after a reload, or to refresh the menu). */
export async function current(deps: Deps, usuId: number, access_token: string) {
  const db = deps.database.db;
  const [profile, user] = await Promise.all([loadProfileById(db, usuId), findUser(db, usuId)]);
  if (!profile || !user) throw unauthorized();
  return sessionReply(profile, user, { access_token, expires_in: deps.tokens.ttlSeconds });
}
