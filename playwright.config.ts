import { defineConfig } from '@playwright/test';

// E2E_PORT, E2E_DATA_DIR and WEB_DIST let several people (or helpers) run flows at once.
const PORT = Number(process.env.E2E_PORT ?? 3211);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '/tmp/obra-e2e-data';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    // The product honours reduced motion (no popup animations), which also keeps clicks from
    // landing on a dialog still zooming in on a busy CI machine.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh embedded database every run; the web must be built (npm run build). It listens on
    // every interface: e2e/network.spec.ts opens it by the machine's network address.
    // E2E_SERVER_LOG=file keeps the server's log (LOG_LEVEL info, JSON) there, to see why a flow failed.
    // SEED_DEMO=base: the demo without its purchase history, as the server tests (the flows count from an empty purchasing book).
    // Every flow signs in from one address, faster than any office: the per-address budgets are
    // raised (server/src/rate-limit.test.ts and auth.test.ts test the limits themselves).
    command: process.env.E2E_SERVER_LOG
      ? `rm -rf ${DATA_DIR} && DATA_DIR=${DATA_DIR} SEED_DEMO=base HOST=0.0.0.0 PORT=${PORT} RATE_LIMIT_PER_MINUTE=12000 LOG_LEVEL=info LOG_FORMAT=json npx tsx server/src/main.ts > ${process.env.E2E_SERVER_LOG} 2>&1`
      : `rm -rf ${DATA_DIR} && DATA_DIR=${DATA_DIR} SEED_DEMO=base HOST=0.0.0.0 PORT=${PORT} RATE_LIMIT_PER_MINUTE=12000 LOG_LEVEL=warn npx tsx server/src/main.ts`,
    url: `http://localhost:${PORT}/health/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
