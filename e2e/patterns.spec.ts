import { expect, test, type Page } from '@playwright/test';
import { login, menuItem, shot } from './helpers';

// The shared screen patterns of web/src/ui (FormModal, ListPage, RowActions, CellText, the
// filter bar), checked where a person meets them. Cost centres stand for every screen built on them.

test.use({ viewport: { width: 1366, height: 768 } });

const ask = (page: Page) => page.getByRole('dialog', { name: '¿Descartar los cambios?' });

async function openNew(page: Page) {
  await page.getByRole('button', { name: 'Agregar' }).click();
  const popup = page.getByRole('dialog', { name: 'Nuevo Centro de Costo' });
  await expect(popup.getByLabel('Código')).toBeVisible();
  return popup;
}

test('a changed popup asks before closing (Escape, Cerrar, leaving the page); an unchanged one just closes', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  // Reached through the menu, so the way back stays inside the app.
  await menuItem(page, 'Mantenimiento').hover();
  await page.getByRole('menuitem', { name: 'Centros de Costo' }).click();
  await expect(page).toHaveURL(/\/centroCosto$/);

  // Unchanged: Escape closes at once.
  let popup = await openNew(page);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(ask(page)).toHaveCount(0);

  // Changed: Escape asks; 'Seguir editando' keeps the popup and what was typed.
  popup = await openNew(page);
  await popup.getByLabel('Código').fill('CC-TMP');
  await page.keyboard.press('Escape');
  await expect(ask(page)).toBeVisible();
  await shot(page, 'patron-descartar');
  await ask(page).getByRole('button', { name: 'Seguir editando' }).click();
  await expect(popup.getByLabel('Código')).toHaveValue('CC-TMP');

  // Cerrar asks too; Descartar closes.
  await popup.getByRole('button', { name: 'Cerrar' }).click();
  await ask(page).getByRole('button', { name: 'Descartar' }).click();
  await expect(popup).toBeHidden();

  // Leaving the screen (browser back) with a changed popup asks first.
  popup = await openNew(page);
  await popup.getByLabel('Descripción').fill('Algo escrito');
  await page.goBack();
  await expect(ask(page)).toBeVisible();
  await ask(page).getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/centroCosto$/);
  await expect(popup.getByLabel('Descripción')).toHaveValue('Algo escrito');
  await page.goBack();
  await ask(page).getByRole('button', { name: 'Descartar' }).click();
  await expect(page).not.toHaveURL(/\/centroCosto$/);
});

test('a refused save keeps the popup open with its values; blank fields say what they lack', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/centroCosto');
  const popup = await openNew(page);

  // Blank: every required field says so under it.
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(popup.getByText('El campo es requerido')).toHaveCount(3);

  // Refused by the server (a code in use): the message shows and nothing typed is lost.
  await popup.getByLabel('Código').fill('CC-PL-01');
  await popup.getByLabel('Descripción').fill('Repetido');
  await popup.getByLabel('Proyecto').click();
  await popup.getByLabel('Proyecto').pressSequentially('Lurín');
  await popup.getByLabel('Proyecto').press('Enter');
  await popup.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un centro de costo con ese código')).toBeVisible();
  await expect(popup).toBeVisible();
  await expect(popup.getByLabel('Código')).toHaveValue('CC-PL-01');
  await expect(popup.getByLabel('Descripción')).toHaveValue('Repetido');
  await expect(popup.getByRole('button', { name: 'Guardar' })).toBeEnabled();
});

test('a text too long for its column is cut, and shows whole on hover', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('obra.session') ?? '{}') as { access_token: string }).access_token);
  // 191 characters: wider than the description column at 1366 px even when it takes all the room left.
  const largo = 'Supervisión de vaciado de concreto premezclado en losas, columnas, vigas y placas del bloque norte y del bloque sur, con control de asentamiento, temperatura y toma de probetas en cada camión';
  const saved = await page.request.post('/api/centroCosto/save', {
    headers: { Authorization: `Bearer ${token}` },
    data: { codigo: 'CC-LARGO', descripcion: largo, pry_id: 1, es_activo: 1 },
  });
  expect(saved.ok()).toBe(true);

  await page.goto('/centroCosto');
  const search = page.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('CC-LARGO');
  await search.press('Enter');
  const cell = page.getByRole('row', { name: /CC-LARGO/ }).locator('.ant-typography-ellipsis', { hasText: largo });
  await expect(cell).toBeVisible();
  // Cut on one line: the text is wider than its cell.
  expect(await cell.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The list fits the page: no sideways scrolling at 1366 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await cell.hover();
  await expect(page.getByRole('tooltip').filter({ hasText: largo })).toBeVisible();
  await shot(page, 'patron-texto-cortado');
});

test('every filter has a visible label, Enter searches at once, and the filters sit in the same place for every role', async ({ page }) => {
  await login(page, 'admin@andina.pe');
  await page.goto('/usuario');
  const filters = page.getByRole('search', { name: 'Filtros' });
  for (const label of ['Buscar', 'Tipo', 'Estado']) await expect(filters.locator('label', { hasText: label })).toBeVisible();
  // No control of the bar without a label of its own.
  const unlabelled = await filters.locator('input').evaluateAll((inputs) => inputs.filter((i) => (i as HTMLInputElement).labels?.length === 0).length);
  expect(unlabelled).toBe(0);
  await expect(filters.getByLabel('Tipo')).toBeVisible();

  // Enter searches before the typing pause (1 s) would.
  const search = filters.getByRole('searchbox', { name: 'Buscar' });
  await search.fill('gerencia');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/usuario/buscar') && (r.postData() ?? '').includes('gerencia'), { timeout: 800 });
  await search.press('Enter');
  await request;
  await expect(page.getByRole('cell', { name: 'gerencia@andina.pe' })).toBeVisible();
  // So does the Buscar button.
  await search.fill('contabilidad');
  const byButton = page.waitForRequest((r) => r.url().endsWith('/api/usuario/buscar') && (r.postData() ?? '').includes('contabilidad'), { timeout: 800 });
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await byButton;

  await page.goto('/centroCosto');
  const adminTop = (await page.getByRole('search', { name: 'Filtros' }).boundingBox())?.y;
  await page.goto('/login');
  await login(page, 'visualizador@andina.pe');
  await page.goto('/centroCosto');
  await expect(page.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  expect((await page.getByRole('search', { name: 'Filtros' }).boundingBox())?.y).toBe(adminTop);
});

test('leaving a changed page form by a link asks first', async ({ page }) => {
  await login(page, 'tesoreria@andina.pe');
  await page.getByRole('button', { name: /Miguel Rojas/ }).click();
  await page.getByRole('menuitem', { name: 'Cambiar Contraseña' }).click();
  await expect(page).toHaveURL(/\/user\/change-password$/);
  await page.getByLabel('Contraseña actual').fill('algo');

  await page.getByRole('link', { name: 'Obra' }).click();
  await expect(ask(page)).toBeVisible();
  await ask(page).getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/user\/change-password$/);
  await expect(page.getByLabel('Contraseña actual')).toHaveValue('algo');

  await page.getByRole('link', { name: 'Obra' }).click();
  await ask(page).getByRole('button', { name: 'Descartar' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a toast never blocks the button under it; its close button still closes it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill('nadie');
  await page.getByLabel('Contraseña').fill('clave-equivocada');
  await page.getByLabel('Contraseña').press('Enter');
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Credenciales incorrectas' });
  await expect(notice).toBeVisible();
  const box = (await notice.boundingBox())!;
  // What a click at the toast's centre reaches: the page under it, not the toast.
  const underToast = await page.evaluate(([x, y]) => !document.elementFromPoint(x, y)?.closest('.ant-notification-notice'),
    [box.x + box.width / 2, box.y + box.height / 2]);
  expect(underToast).toBe(true);
  await notice.locator('.ant-notification-notice-close').click();
  await expect(notice).toBeHidden();
});
