import { buildApp } from './app.ts';
import { createDeps } from './bootstrap.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const deps = await createDeps(config);
const app = await buildApp(deps);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'cerrando');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await deps.database.close();
  } finally {
    clearTimeout(timer);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ database: deps.database.kind, version: config.appVersion }, `Obra escuchando en http://localhost:${config.port}`);
} catch (err) {
  app.log.error({ err }, 'no se pudo iniciar');
  process.exit(1);
}
