import { MSG, OlvidePassword, RESTABLECER_MSG, RestablecerPassword, SESION_MSG, SesionCerrar } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { caller } from '../../platform/request.ts';
import { cerrarSesion, sesionesAbiertas } from '../../platform/auth/sesiones.ts';
import * as restablecer from './restablecer.ts';
import * as service from './service.ts';

const TokenRequest = z.object({
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(150),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(200),
  grant_type: z.string({ error: MSG.required }),
});

export default async function authRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Failures are counted per account and address in the audit table (DECISIONS §1), which
  // holds across instances; this route-level limit only stops floods of sign-ins from one
  // address (a tenth of the address's API budget: 120 a minute by default, enough for an
  // office behind one public address signing in at the start of a shift).
  const floodLimit = Math.max(10, Math.floor(deps.config.rateLimitPerMinute / 10));
  app.post('/oauth/token', {
    config: { access: { public: true }, rateLimit: { max: floodLimit, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], consumes: ['application/x-www-form-urlencoded'], body: TokenRequest },
  }, async (req) => {
    if (!service.clientMatches(deps, req.headers.authorization)) throw unauthorized(MSG.badClient);
    if (req.body.grant_type !== 'password') throw badRequest('Tipo de concesión no soportado');
    return ok(await service.login(deps, req.body, req.ip, req.log, req.headers['user-agent']));
  });

  // '¿Olvidó su contraseña?' (issue 26): public, a few a minute per address on top of the per-account limit.
  app.post('/oauth/olvidePassword', {
    config: { access: { public: true }, rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: OlvidePassword },
  }, async (req) => {
    await restablecer.olvidePassword(deps, req.body.usu_correo, req.ip, req.log);
    return ok(null, RESTABLECER_MSG.enviado);
  });

  app.post('/oauth/restablecerPassword', {
    config: { access: { public: true }, rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags: ['sesion'], body: RestablecerPassword },
  }, async (req) => ok(await restablecer.restablecerPassword(deps, req.body.token, req.body.password, req.ip), RESTABLECER_MSG.restablecido));

  app.post('/oauth/session', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } },
    async (req) => ok(await service.current(deps, caller(req).usu_id, req.headers.authorization!.slice(7).trim())));

  // 'Mis sesiones' (issue 26): every user, suppliers and read-only users included, lists and closes their own.
  app.post('/sesion/buscar', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } }, async (req) => {
    const filas = await sesionesAbiertas(deps.database.db, caller(req).usu_id);
    return ok(filas.map((f) => ({ ...f, actual: f.ses_id === req.sid })));
  });

  // 'Cerrar sesión' ends the caller's session on the server too (its token stops working everywhere).
  app.post('/oauth/logout', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'] } }, async (req) => {
    const usuId = caller(req).usu_id;
    if (req.sid) await cerrarSesion(deps.database.db, usuId, req.sid);
    deps.profiles.invalidate(usuId);
    return ok(null, SESION_MSG.cerrada);
  });

  // Closing a session is no change of the company's data: a read-only user may end theirs.
  app.post('/sesion/cerrar', { ...gate({ module: null, read: true, suppliers: true }), schema: { tags: ['sesion'], body: SesionCerrar } }, async (req) => {
    const usuId = caller(req).usu_id;
    if (!(await cerrarSesion(deps.database.db, usuId, req.body.sesion.ses_id))) throw notFound(SESION_MSG.noExiste);
    // This instance at once; the others through the trigger's notice.
    deps.profiles.invalidate(usuId);
    return ok(null, SESION_MSG.cerrada);
  });
}
