import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.ts';
import appRoutes from './app/routes.ts';
import authRoutes from './auth/routes.ts';
import catalogoRoutes from './catalogo/routes.ts';
import centroCostoRoutes from './centro_costo/routes.ts';
import usuarioRoutes from './usuario/routes.ts';

/** Every module's routes, mounted under /api. */
export async function registerModules(api: FastifyInstance, deps: Deps): Promise<void> {
  for (const routes of [authRoutes, appRoutes, catalogoRoutes, usuarioRoutes, centroCostoRoutes]) {
    await api.register(async (scope) => routes(scope, deps));
  }
}
