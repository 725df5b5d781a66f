// Bytes a browser with an empty cache downloads: the login page, then the first load of /orden
// by a logged-in user. Usage: node scripts/measure-transfer.mjs http://localhost:3000
// (bench/RESULTS.md, "Assets and start-up").
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** Opens `path` in a fresh context and adds up the encoded bodies (what went over the wire). */
async function measure(path, storageState) {
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const totals = { assets: 0, api: 0, requests: 0 };
  const pending = [];
  page.on('requestfinished', (request) => pending.push((async () => {
    const sizes = await request.sizes();
    totals.requests += 1;
    if (new URL(request.url()).pathname.startsWith('/api/')) totals.api += sizes.responseBodySize;
    else totals.assets += sizes.responseBodySize;
  })()));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  return { page, context, totals, settled: () => Promise.all(pending) };
}

const login = await measure('/login');
await login.page.getByLabel('Usuario').fill('logistica@andina.pe');
await login.page.getByLabel('Contraseña').fill('Demo.2026');
await login.page.getByLabel('Contraseña').press('Enter');
await login.page.waitForURL((url) => !url.pathname.startsWith('/login'));
const state = await login.context.storageState();
const orden = await measure('/orden', state);
await orden.page.getByRole('table').first().waitFor();
await orden.page.waitForLoadState('networkidle');
await Promise.all([login.settled(), orden.settled()]);

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
for (const [name, m] of [['login', login.totals], ['/orden', orden.totals]]) {
  process.stdout.write(`${name}: ${kb(m.assets)} of html, scripts and styles transferred, api ${kb(m.api)}, ${m.requests} requests\n`);
}
await browser.close();
