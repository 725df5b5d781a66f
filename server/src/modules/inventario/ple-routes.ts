import { PleInventario } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { caller } from '../../platform/request.ts';
import { ple } from './ple.ts';

/** `/productoAlmacen/ple`: SUNAT PLE 12.1 of the company and a month (beyond the spec), module inventario, corporate users. */
export default async function pleRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/productoAlmacen/ple', { ...gate({ module: 'inventario', read: true }), schema: { tags: ['inventario'], body: PleInventario } },
    async (req, reply) => {
      const libro = await ple(deps, caller(req), req.body.ple);
      return reply
        .header('Content-Type', 'text/plain; charset=ISO-8859-1')
        .header('Content-Disposition', `attachment; filename="${libro.nombre}"`)
        .header('Cache-Control', 'no-store')
        .send(libro.contenido);
    });
}
