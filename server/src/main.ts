import type { EventEmitter } from 'node:events';
import { networkInterfaces } from 'node:os';
import { buildApp } from './app.ts';
import { createDeps, openConfiguredDatabase, refreshStatistics } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { crearRefrescoConciliacion } from './modules/conciliacion/service.ts';
import { crearResumenDiario } from './modules/notificacion/resumen.ts';
import { createShutdown } from './platform/shutdown.ts';
import { warmSpreadsheets } from './platform/xlsx.ts';
import { addressesToOpen, readAccounts, startupLines, startupText } from './startup.ts';

/** Opens the database, builds the app and listens; the compiled entry runs it from a CommonJS bundle (no top-level await). */
async function main() {
  // Milliseconds from process start at the end of each start-up step, logged with the listening line.
  const since = () => Math.round(process.uptime() * 1000);
  const startupSteps: Record<string, number> = { imports: since() };
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  startupSteps.database = since();
  // Read before the demo seed runs, to tell "loaded now" from "already there".
  const accountsBefore = await readAccounts(database.db);
  const deps = await createDeps(config, database);
  startupSteps.deps = since();
  const app = await buildApp(deps);
  startupSteps.app = since();
  // Issue 25: the approvers' 08:00 summary, on every instance (claims in the database); the outbox's sender too.
  const resumen = crearResumenDiario(deps);
  const conciliacion = crearRefrescoConciliacion(deps);

  // SIGTERM (an orchestrator, a rolling restart): not ready at once, served for the grace, then drained (platform/shutdown.ts).
  const shutdown = createShutdown({
    app, log: app.log, graceMs: config.shutdownGraceMs, exit: (code) => process.exit(code),
    stopWorkers: async () => { await Promise.all([resumen.stop(), deps.cpe.cerrar(), deps.mailer.stop(), conciliacion.stop()]); },
    closeDatabase: () => deps.database.close(),
  });
  process.on('SIGTERM', () => void shutdown.run('SIGTERM', { grace: true }));
  process.on('SIGINT', () => void shutdown.run('SIGINT', { grace: false }));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'no se pudo iniciar');
    process.exit(1);
  }
  const urls = addressesToOpen(config.host, config.port, networkInterfaces());
  // Wall and CPU time from process start to listening: the start-up cost an operator can compare.
  const cpu = process.cpuUsage();
  const startupMs = since();
  const accountsAfter = await readAccounts(database.db);
  // Links in mail would point to this machine alone (issue 24): said at every start until it is set.
  const { advertencia } = await deps.ajustes.direccionPublica();
  const listening = {
    database: deps.database.kind, version: config.appVersion,
    startupMs, startupCpuMs: Math.round((cpu.user + cpu.system) / 1000), startupSteps,
  };
  if (config.logPretty) {
    // A terminal: the addresses and the account as plain text; the timings only at debug.
    app.log.debug(listening, `Obra ${config.appVersion} escuchando`);
    process.stdout.write(startupText({
      version: config.appVersion, database: deps.database.kind, startupMs, urls,
      before: accountsBefore, after: accountsAfter, advertencia, logLevel: config.logLevel,
    }));
  } else {
    app.log.info(listening, `Obra ${config.appVersion} escuchando`);
    for (const line of startupLines(urls, accountsBefore, accountsAfter)) app.log.info(line);
    if (advertencia) app.log.warn(advertencia);
  }
  const statistics = () => refreshStatistics(database)
    .then((tablas) => { if (tablas.length) app.log[config.logPretty ? 'debug' : 'info']({ tablas }, 'estadísticas del planificador actualizadas'); })
    .catch((err: unknown) => app.log.warn({ err }, 'no se pudieron actualizar las estadísticas del planificador'));
  void statistics();
  void deps.cpe.preparar().then((err) => { if (err) app.log.error({ err }, 'no se pudo generar el certificado de prueba de la facturación electrónica'); });
  if (config.cpe.worker) deps.cpe.worker.start(app.log);
  deps.mailer.start(app.log);
  resumen.start(app.log);
  conciliacion.start(app.log);
  warmSpreadsheets();
  setInterval(() => void statistics(), 60 * 60 * 1000).unref();
  // The compiled entry (server/entry.mjs) saves its code cache now that start-up code is compiled.
  (process as EventEmitter).emit('obra:listening');
}

// A failure before listening ends the process with its error (an unhandled rejection).
void main();
