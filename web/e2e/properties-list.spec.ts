import { expect, test, type Page } from '@playwright/test';
import { PHONE, pickOption, signInAs } from './fixtures';

const SHOTS = process.env.SHOTS_DIR;

test.use({ viewport: PHONE });
// The first sync of the demo organization (and the login) is slow on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const searchBox = (page: Page) =>
  page.getByRole('searchbox', { name: 'Pesquisar por referência, título, rua, concelho ou freguesia' });
const cards = (page: Page) => page.getByTestId('property-card');

const choose = (page: Page, label: RegExp, option: string) =>
  pickOption(page, page.getByRole('combobox', { name: label }), option);

/** For a human look (SHOTS_DIR set): light and dark. */
async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/list-${name}-${page.viewportSize()!.width}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an agent finds, creates and edits properties from the phone', async ({ page }) => {
  await signInAs(page, 'agent');
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Navegação rápida' })
    .getByRole('link', { name: 'Imóveis' })
    .click();
  await expect(page).toHaveURL(/\/imoveis$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Imóveis' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('properties-count')).toHaveText(/^\d[\d ]* imóveis$/);
  await shots(page, 'list');

  // Filter: rents only, each price per month; the filter is in the URL.
  await page.getByRole('button', { name: 'Filtros' }).click();
  await choose(page, /Negócio/, 'Arrendamento');
  await expect(page).toHaveURL(/business=Arrendamento/);
  await expect(cards(page).first()).toContainText('/mês');
  for (const card of await cards(page).all()) await expect(card).toContainText('/mês');
  await shots(page, 'filters');

  // Search by a reference, accents and case aside.
  await page.goto('/imoveis');
  const reference = (await page.getByTestId('property-reference').first().textContent())!.trim();
  await searchBox(page).fill(reference.toLowerCase());
  await expect(page.getByTestId('properties-count')).toHaveText('1 imóvel');
  await expect(page).toHaveURL(new RegExp(`q=${reference.toLowerCase()}`));

  // Create with the dialog: a wrong postal code is said in pt-PT, then the property is in the list.
  await page.goto('/imoveis');
  await page.getByRole('link', { name: 'Novo Imóvel' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Imóvel' });
  await expect(form).toBeVisible();
  const title = `T2 e2e ${Date.now()}`;
  await form.getByRole('textbox', { name: /Título/ }).fill(title);
  await choose(page, /Tipo de Imóvel/, 'Apartamento');
  await choose(page, /^Tipologia/, 'T2');
  await form.getByRole('textbox', { name: 'Preço' }).fill('275 000');
  await form.getByRole('textbox', { name: 'Área Útil' }).fill('82,5');
  await form.getByRole('combobox', { name: 'Concelho' }).fill('braga');
  await page.getByRole('option', { name: 'Braga (Braga)' }).click();
  await expect(form.getByRole('textbox', { name: 'Distrito' })).toHaveValue('Braga');
  await form.getByRole('textbox', { name: 'Código Postal' }).fill('4700');
  await form.getByRole('button', { name: 'Varanda' }).click();
  await shots(page, 'dialog');
  await form.getByRole('button', { name: 'Criar Imóvel' }).click();
  await expect(form.getByText('Código postal inválido (use o formato 1234-567)')).toBeVisible();
  await form.getByRole('textbox', { name: 'Código Postal' }).fill('4700-123');
  await form.getByRole('button', { name: 'Criar Imóvel' }).click();
  await expect(form).toBeHidden();
  await searchBox(page).fill(title);
  const created = cards(page).filter({ hasText: title });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('€ 275 000');
  await expect(created).toContainText('Apartamento · T2 · 82,5 m²');
  await expect(created).toContainText('Em angariação');

  // Edit it.
  await page.getByRole('button', { name: `Editar ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Imóvel' });
  await expect(edit.getByRole('textbox', { name: 'Preço' })).toHaveValue('275000');
  await expect(edit.getByRole('button', { name: 'Varanda' })).toHaveAttribute('aria-pressed', 'true');
  await edit.getByRole('textbox', { name: 'Preço' }).fill('260000');
  await choose(page, /^Estado \*/, 'Disponível');
  await edit.getByRole('button', { name: 'Guardar Alterações' }).click();
  await expect(edit).toBeHidden();
  await expect(created).toContainText('€ 260 000');
  await expect(created).toContainText('Disponível');
});

test('a viewer sees the properties but no create or edit button', async ({ page }) => {
  await signInAs(page, 'viewer');
  await page.goto('/imoveis?action=create');
  await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Novo Imóvel' })).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);
});

test('a seller client lists their properties and creates one for themselves', async ({ page }) => {
  await signInAs(page, 'agent');
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Vendedor', exact: true }).click();
  await page.getByTestId('client-card').first().getByRole('link', { name: 'Ver' }).click();
  const section = page.getByTestId('owner-properties');
  await expect(section).toBeVisible({ timeout: 30_000 });
  await section.scrollIntoViewIfNeeded();
  await shots(page, 'seller');
  await section.getByRole('button', { name: 'Novo imóvel' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Imóvel' });
  const title = `Moradia do vendedor ${Date.now()}`;
  await form.getByRole('textbox', { name: /Título/ }).fill(title);
  await choose(page, /Tipo de Imóvel/, 'Moradia');
  await form.getByRole('button', { name: 'Criar Imóvel' }).click();
  await expect(form).toBeHidden();
  await expect(section.getByRole('link', { name: new RegExp(title) })).toBeVisible();
});

test('on a desktop the list and the create dialog fit the wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'agent');
  await page.goto('/imoveis');
  await expect(cards(page).first()).toBeVisible({ timeout: 60_000 });
  // The sidebar carries Imóveis (no bottom bar), and the cards sit side by side.
  await expect(page.getByRole('navigation', { name: 'Navegação rápida' })).toBeHidden();
  // Polled: the virtual list may redraw its rows (a sync page arriving) between two reads of a box.
  const rowGap = async () => {
    const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    return a && b ? Math.abs(a.y - b.y) : Number.POSITIVE_INFINITY;
  };
  await expect.poll(rowGap, { message: 'two cards on one row' }).toBeLessThan(2);
  await shots(page, 'list');
  await page.getByRole('link', { name: 'Novo Imóvel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Imóvel' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /Título/ })).toBeVisible();
  await shots(page, 'dialog');
});
