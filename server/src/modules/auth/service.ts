import { hash, verify } from '@node-rs/argon2';
import { MSG, loginEmail } from '@obra/domain';
import type { Deps } from '../../deps.ts';
import { recentLoginFailures } from '../../platform/audit-queries.ts';
import { recordAudit } from '../../platform/audit.ts';
import { loadProfileById } from '../../platform/auth/access.ts';
import { AppError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { findLogin, findUser } from '../usuario/queries.ts';
import { sessionReply } from './session.ts';

const MAX_FAILURES_PER_MINUTE = 10;
/** Verified when the account does not exist, so both cases take the same time. */
const decoyHash = hash('contraseña-inexistente');

/** Checks the web client's Basic credentials of the token endpoint. */
export function clientMatches(deps: Deps, authorization: string | undefined): boolean {
  if (!authorization || !/^Basic /i.test(authorization)) return false;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  return sep > 0 && decoded.slice(0, sep) === deps.config.oauthClient.id && decoded.slice(sep + 1) === deps.config.oauthClient.secret;
}

export async function login(deps: Deps, input: { username: string; password: string }, ip: string) {
  const db = deps.database.db;
  const correo = loginEmail(input.username, deps.config.companyDomain);
  const audit = (aud_accion: string, usu_id: number | null, aud_estado_http: number) =>
    recordAudit(db, { aud_accion, usu_id, aud_usuario: correo, aud_ip: ip, aud_metodo: 'POST', aud_ruta: '/api/oauth/token', aud_modulo: 'login', aud_estado_http });

  if ((await recentLoginFailures(db, correo, ip)) >= MAX_FAILURES_PER_MINUTE) {
    await audit('login_bloqueado', null, 429);
    throw tooManyRequests();
  }
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
  const access_token = await deps.tokens.sign({ usu_id: account.usu_id, ver: account.usu_token_version });
  await audit('login_ok', account.usu_id, 200);
  return sessionReply(profile, user, { access_token, expires_in: deps.tokens.ttlSeconds });
}

/** The session data again for a valid token (after a reload, or to refresh the menu). */
export async function current(deps: Deps, usuId: number, access_token: string) {
  const db = deps.database.db;
  const [profile, user] = await Promise.all([loadProfileById(db, usuId), findUser(db, usuId)]);
  if (!profile || !user) throw unauthorized();
  return sessionReply(profile, user, { access_token, expires_in: deps.tokens.ttlSeconds });
}
