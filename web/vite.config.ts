import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import rootPackage from '../package.json' with { type: 'json' };
import { compressAssets } from './compress.ts';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), compressAssets()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    port: 5173,
    // The settlement template is served by the server outside /api (spec 2 §7).
    proxy: { '/api': server, '/health': server, '/plantillas': server },
  },
  build: {
    rolldownOptions: {
      // @obra/domain is pure (ARCHITECTURE convention 1) but its package does not say so; without
      // this its barrel would pull every zod schema, and zod, into the first chunk.
      treeshake: { moduleSideEffects: [{ test: /[\\/]domain[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // React, the router and TanStack Query change rarely and every screen needs them: one
        // long-cached chunk. Ant Design is left to the automatic split so that Table, Modal and
        // friends stay in the lazy chunks of the screens that use them, not in the login chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
