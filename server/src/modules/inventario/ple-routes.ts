import { PleInventario } from '@obra/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { gate } from '../../platform/auth/access.ts';
import { caller } from '../../platform/request.ts';
import { LIBRO, ple } from './ple.ts';

/**
 * `/productoAlmacen/ple` and `/productoAlmacen/pleValorizado`: SUNAT PLE 12.1 and 13.1 of the company and a month (beyond
 * the spec), module inventario, corporate users.
 */
export default async function pleRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [url, libro] of [['/productoAlmacen/ple', LIBRO.UNIDADES], ['/productoAlmacen/pleValorizado', LIBRO.VALORIZADO]] as const) {
    app.post(url, { ...gate({ module: 'inventario', read: true }), schema: { tags: ['inventario'], body: PleInventario } },
      async (req, reply) => {
        const archivo = await ple(deps, caller(req), req.body.ple, libro);
        return reply
          .header('Content-Type', 'text/plain; charset=ISO-8859-1')
          .header('Content-Disposition', `attachment; filename="${archivo.nombre}"`)
          .header('Cache-Control', 'no-store')
          .send(archivo.contenido);
      });
  }
}
