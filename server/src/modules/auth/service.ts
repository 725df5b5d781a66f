import { hash, verify } from '@node-rs/argon2';
import { MSG, SEGUNDO_FACTOR_MSG, loginEmail, type SegundoFactorVerificar } from '@obra/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { administradores, loginFailures } from '../../platform/audit-queries.ts';
import { recordAudit } from '../../platform/audit.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { abrirSesion } from '../../platform/auth/sesiones.ts';
import { AppError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { findLogin, findUser } from '../usuario/queries.ts';
import { activar, alta, comprobarCodigo, desafioVigente, pasoSiguiente, pedirSegundoPaso, recordarNavegador } from './segundo-factor.ts';
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

export interface Cliente {
  ip: string;
  userAgent?: string;
  log?: FastifyBaseLogger;
}

export async function login(deps: Deps, input: { username: string; password: string }, ip: string, log?: FastifyBaseLogger, userAgent?: string, recordado?: string) {
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
  // A right password may still need its second step (issue 26): a code, or the enrolment the user's role demands.
  const paso = await pasoSiguiente(deps, account.usu_id, recordado);
  if (paso) {
    await audit('login_segundo_paso', account.usu_id, 401);
    await pedirSegundoPaso(deps, account.usu_id, account.usu_token_version, paso);
  }
  return emitirSesion(deps, account.usu_id, account.usu_token_version, { ip, userAgent, log });
}

/** The session of a user whose every step passed: a session row, its token, the spec's session fields; audited. */
export async function emitirSesion(deps: Deps, usuId: number, ver: number, cliente: Cliente) {
  const db = deps.database.db;
  const [profile, user] = await Promise.all([loadProfileById(db, usuId), findUser(db, usuId)]);
  if (!profile || !user) throw unauthorized(MSG.badCredentials);
  const sid = await abrirSesion(db, { usuId, version: ver, ip: cliente.ip, userAgent: cliente.userAgent, ttlSeconds: deps.tokens.ttlSeconds });
  const access_token = await deps.tokens.sign({ usu_id: usuId, ver, sid });
  await recordAudit(db, { aud_accion: 'login_ok', usu_id: usuId, aud_usuario: user.usu_correo, aud_ip: cliente.ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/token', aud_modulo: 'login', aud_estado_http: 200 }, cliente.log);
  return sessionReply(profile, user, { access_token, expires_in: deps.tokens.ttlSeconds });
}

/**
 * `/oauth/segundoFactor`: the login's second step. Failures count as failed logins of the account (the same limits
 * and slowing as the password, DECISIONS §1); a code works once.
 */
export async function segundoPaso(deps: Deps, body: SegundoFactorVerificar, cliente: Cliente) {
  const db = deps.database.db;
  const d = await desafioVigente(deps, body.desafio, 'codigo');
  const user = await findUser(db, d.usu_id);
  const correo = user!.usu_correo;
  const fallos = await loginFailures(db, correo, cliente.ip);
  if (fallos.ip >= MAX_FAILURES_PER_MINUTE || fallos.cuentaIp >= MAX_FAILURES_PER_MINUTE) throw tooManyRequests();
  const espera = esperaPorFallos(fallos.cuenta, deps.config.loginDelayMaxMs);
  if (espera > 0) await new Promise((resolve) => setTimeout(resolve, espera));
  if (!(await comprobarCodigo(deps, d.usu_id, body))) {
    await recordAudit(db, { aud_accion: 'login_fallido', usu_id: d.usu_id, aud_usuario: correo, aud_ip: cliente.ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/segundoFactor', aud_modulo: 'login', aud_estado_http: 401, aud_detalle: { segundo_factor: body.codigo_recuperacion ? 'recuperacion' : 'codigo' } }, cliente.log);
    throw unauthorized(SEGUNDO_FACTOR_MSG.codigoInvalido);
  }
  if (body.codigo_recuperacion) await recordAudit(db, { aud_accion: 'segundo_factor_recuperacion', usu_id: d.usu_id, aud_usuario: correo, aud_ip: cliente.ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/segundoFactor', aud_modulo: 'login', aud_estado_http: 200 }, cliente.log);
  const recordar = body.recordar ? await recordarNavegador(deps, d.usu_id) : null;
  return { sesion: await emitirSesion(deps, d.usu_id, d.ver, cliente), recordar };
}

/** The enrolment a role demands at login: the QR first, then the first code activates it and signs the user in. */
export async function enrolarAlIngresar(deps: Deps, desafio: string) {
  const d = await desafioVigente(deps, desafio, 'enrolar');
  const user = await findUser(deps.database.db, d.usu_id);
  return alta(deps, d.usu_id, user!.usu_correo);
}

export async function activarAlIngresar(deps: Deps, desafio: string, codigo: string, cliente: Cliente) {
  const d = await desafioVigente(deps, desafio, 'enrolar');
  const codigos_recuperacion = await activar(deps, d.usu_id, codigo);
  return { ...(await emitirSesion(deps, d.usu_id, d.ver, cliente)), codigos_recuperacion };
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
