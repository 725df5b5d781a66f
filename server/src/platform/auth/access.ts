import type { AccessProfile, ModuleCode, OptionCode } from '@obra/domain';
import { MODULES, MSG, OPTIONS, SUPPLIER_MODULE, hasModule, hasOption, isReadOnly, isSuper, isSupplier } from '@obra/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { ProfileCache } from './profile-cache.ts';
import { findProfile, type ProfileRow } from './queries.ts';
import { sessionToucher } from './sesiones.ts';
import type { TokenService } from './tokens.ts';

/**
 * What a route needs, declared where the route is declared (DECISIONS §1).
 * - `{ public: true }`: no session (login, supplier account creation).
 * - `{ module }`: a user holding that module; `module: null` = any staff user (lookups,
 *   own account). Supplier users reach only the portal module or `suppliers: true` routes.
 * - `read: true` marks a call that changes nothing. Anything else is a mutation:
 *   audited, and refused to VISUALIZADOR.
 */
export type RouteAccess =
  | { public: true }
  | { module: ModuleCode | null; option?: OptionCode; read?: boolean; suppliers?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AccessProfile | null;
    /** The caller's session (issue 26), when their token names one. */
    sid: string | null;
  }
}

/** Route options fragment: `app.post(path, { ...gate({ module: 'usuario', read: true }), schema }, handler)`. */
export const gate = (access: RouteAccess) => ({ config: { access } });

const ALL_MODULES = MODULES.map((m) => m.mod_codigo as string);
const ALL_OPTIONS = OPTIONS.map((o) => o.opc_codigo as string);

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h || !/^Bearer /i.test(h)) return null;
  return h.slice(7).trim() || null;
}

/** Identity headers are accepted for compatibility, but must agree with the token. */
function headerDisagrees(request: FastifyRequest, user: AccessProfile): boolean {
  const pairs: [string, number | null][] = [['usuid', user.usu_id], ['pveid', user.pve_id], ['cliid', user.cli_id]];
  return pairs.some(([name, own]) => {
    const raw = request.headers[name];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === '' || value === 'null' || value === 'undefined') return false;
    return String(own ?? '') !== value.trim();
  });
}

/** The modules and options a user holds, as the guard sees them (DECISIONS §1). */
function toProfile(row: ProfileRow): AccessProfile {
  const roleIds = row.role_ids.map(Number);
  const superUser = isSuper({ roleIds });
  const supplier = isSupplier(row);
  return {
    usu_id: row.usu_id,
    usu_nivel: row.usu_nivel,
    pry_id: row.pry_id,
    tiu_id: row.tiu_id,
    pve_id: row.pve_id,
    cli_id: row.cli_id,
    roleIds,
    // A supplier account reaches the portal and nothing else, whatever roles it was given.
    modules: supplier ? [SUPPLIER_MODULE] : superUser ? ALL_MODULES : row.modules,
    options: supplier ? [] : superUser ? ALL_OPTIONS : row.options,
  };
}

/** A user's access profile read straight from the database (login, the users screen). */
export async function loadProfileById(db: Db, usuId: number): Promise<(AccessProfile & { row: ProfileRow }) | null> {
  const row = await findProfile(db, usuId);
  return row ? { ...toProfile(row), row } : null;
}

/** The caller behind a bearer token, or null when the token, its session or the account is no longer good. */
async function loadAccessProfile(profiles: ProfileCache, tokens: TokenService, token: string): Promise<{ user: AccessProfile; sid?: string } | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const row = await profiles.get(claims.usu_id);
  if (!row || row.usu_estado !== 1 || !row.usu_confirmado || row.usu_token_version !== claims.ver) return null;
  if (claims.sid && row.closed_sessions.includes(claims.sid)) return null;
  return { user: toProfile(row), sid: claims.sid };
}

/** The onRequest hook; identity and access cost no round trip while the profile is cached. */
export function createAccessGuard(db: Db, tokens: TokenService, profiles: ProfileCache) {
  const touch = sessionToucher(db);
  return async function guard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    request.user = null;
    const access = request.routeOptions.config.access;
    if (!access || 'public' in access) return;

    const token = bearer(request);
    const found = token ? await loadAccessProfile(profiles, tokens, token) : null;
    if (!found) throw unauthorized();
    const user = found.user;
    request.user = user;
    request.sid = found.sid ?? null;
    if (found.sid) touch(found.sid, request.ip);

    const deny = async (error: AppError, reason: string) => {
      await recordAudit(db, {
        aud_accion: 'acceso_denegado', usu_id: user.usu_id, aud_ip: request.ip, aud_metodo: request.method,
        aud_ruta: request.routeOptions.url ?? request.url, aud_modulo: access.module, aud_estado_http: error.statusCode,
        aud_detalle: { motivo: reason },
      }, request.log);
      throw error;
    };

    if (headerDisagrees(request, user)) return deny(forbidden(MSG.headerMismatch), 'cabecera');
    if (isSupplier(user) && access.module !== SUPPLIER_MODULE && !access.suppliers) {
      return deny(forbidden(MSG.noModuleAccess), 'proveedor');
    }
    if (access.module === null) return;
    if (!hasModule(user, access.module)) return deny(forbidden(MSG.noModuleAccess), 'modulo');
    if (!access.read && isReadOnly(user)) return deny(forbidden(MSG.readOnly), 'solo_lectura');
    if (access.option && !hasOption(user, access.option)) return deny(forbidden(MSG.forbidden), `opcion:${access.option}`);
  };
}
