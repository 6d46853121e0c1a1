import { expect, test, type Page } from '@playwright/test';
import { api, expectAccessible, shot, signInAs } from './fixtures';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Creates clients through the REST API with the page's session (the replica gets them on its next pull). */
async function createClients(page: Page, clients: object[]): Promise<string[]> {
  const ids: string[] = [];
  for (const data of clients) ids.push((await api(page, 'post', '/api/clients', data)).id);
  return ids;
}

/** The page as it is at both sizes (back at desktop size afterwards). */
async function bothSizes(page: Page, name: string, fullPage = true) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await shot(page, `search-${name}-${size.name}`, { fullPage });
  }
  await page.setViewportSize(sizes[0]);
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Termos de pesquisa' });
const resultHeadings = (page: Page) =>
  page.getByRole('region', { name: 'Resultados da pesquisa' }).getByRole('heading', { level: 2 });

test.describe('advanced search', () => {
  test('accents, filters, more results, empty state and the way to a client', async ({ page }) => {
    test.setTimeout(120_000);
    const sfx = `bq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // A new context: no search state kept in sessionStorage.
    await signInAs(page, 'agent');
    const [joaoId] = await createClients(page, [
      {
        name: `João Conceição ${sfx}`,
        type: 'Comprador',
        rating: 4,
        phone: '912000111',
        customFields: { budget: 300000, zone: 'Cascais' },
      },
      {
        name: `Joana Sá ${sfx}`,
        type: 'Vendedor',
        rating: 2,
        email: `joana.${sfx}@exemplo.pt`,
        customFields: { propertyValue: 150000, location: 'Lisboa' },
      },
      ...Array.from({ length: 13 }, (_, i) => ({
        name: `Lote ${sfx} ${String(i + 1).padStart(2, '0')}`,
        type: 'Investidor',
        rating: 1,
      })),
    ]);

    // A fresh page load pulls the new clients into the replica.
    await page.goto(`/search?q=${encodeURIComponent(`joao conceicao ${sfx}`)}`);
    await expect(searchBox(page)).toHaveValue(`joao conceicao ${sfx}`);
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);
    await expect(page.getByTestId('search-count')).toHaveText('1 cliente(s) encontrado(s)');

    // Typing: the results follow after the delay and the URL's q follows the text.
    await searchBox(page).fill(`JOÃO CONCEIÇÃO ${sfx}`);
    await expect(page).toHaveURL(
      new RegExp(`/search\\?q=JO%C3%83O(%20|\\+)CONCEI%C3%87%C3%83O(%20|\\+)${sfx}$`),
    );
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);

    await searchBox(page).fill(sfx);
    await expect(page.getByTestId('search-count')).toHaveText('15 cliente(s) encontrado(s)');
    await expect(resultHeadings(page)).toHaveCount(12);
    await expect(page.getByText('A mostrar 12 de 15')).toBeVisible();
    await bothSizes(page, 'results');
    await expectAccessible(page, 'search results');
    await page.getByRole('button', { name: 'Mostrar mais' }).click();
    await expect(resultHeadings(page)).toHaveCount(15);
    await expect(page.getByRole('button', { name: 'Mostrar mais' })).toHaveCount(0);

    // Filters narrow the same text.
    const toggle = page.locator('button[aria-controls="search-filters"]');
    await expect(toggle).toHaveAccessibleName('Filtros');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const panel = page.getByRole('region', { name: 'Filtros de pesquisa' });
    await expect(panel).toBeVisible();
    await panel.getByLabel('Tipo de cliente').click();
    await page.getByRole('option', { name: 'Comprador' }).click();
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);
    await panel.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByTestId('search-count')).toHaveText('15 cliente(s) encontrado(s)');

    await panel.getByLabel('Classificação mínima').click();
    await page.getByRole('option', { name: '2 estrelas ou mais' }).click();
    await expect(resultHeadings(page)).toHaveText([`Joana Sá ${sfx}`, `João Conceição ${sfx}`]);
    await panel.getByLabel('Com email').check();
    await expect(resultHeadings(page)).toHaveText([`Joana Sá ${sfx}`]);
    await panel.getByLabel('Com email').uncheck();
    await panel.getByLabel('Com telefone').check();
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);
    await panel.getByRole('button', { name: 'Limpar filtros' }).click();

    await panel.getByLabel('Zona').fill('lisbóa');
    await expect(resultHeadings(page)).toHaveText([`Joana Sá ${sfx}`]);
    await panel.getByLabel('Zona').fill('');
    await panel.getByLabel('Orçamento mínimo').fill('200.000');
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);
    await bothSizes(page, 'filters-open');
    await expectAccessible(page, 'search filters');
    await panel.getByLabel('Orçamento máximo').fill('100000');
    await expect(panel.getByText('O máximo não pode ser inferior ao mínimo.')).toBeVisible();
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
    await expect(page.getByText('Tente ajustar os filtros de pesquisa.')).toBeVisible();
    await panel.getByLabel('Orçamento máximo').fill('');
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);

    // Closed panel: the badge keeps the active filter visible; the filters survive a visit to the client.
    await toggle.click();
    await expect(panel).toHaveCount(0);
    await expect(toggle).toHaveAccessibleName('Filtros (1 ativo(s))');
    await page.getByRole('link', { name: `Ver João Conceição ${sfx}` }).click();
    await expect(page).toHaveURL(new RegExp(`/clients\\?view=${joaoId}$`));
    // The client screen is drawn (its chunk loaded): going back mounts the search screen anew.
    await expect(page.getByRole('dialog', { name: `João Conceição ${sfx}` })).toBeVisible();
    await page.goBack();
    await expect(searchBox(page)).toHaveValue(sfx);
    await expect(resultHeadings(page)).toHaveText([`João Conceição ${sfx}`]);
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByTestId('search-count')).toHaveText('15 cliente(s) encontrado(s)');
    await toggle.click();
    await expect(panel).toHaveCount(0);
    await bothSizes(page, 'filters-closed', false);

    // A search from the header while on /search replaces the text at once.
    const header = page.getByRole('searchbox', { name: 'Pesquisar clientes' });
    await header.fill(`Lote ${sfx} 05`);
    await header.press('Enter');
    await expect(searchBox(page)).toHaveValue(`Lote ${sfx} 05`);
    await expect(resultHeadings(page)).toHaveText([`Lote ${sfx} 05`]);

    // Nothing matches.
    await searchBox(page).fill(`${sfx} ninguém`);
    await expect(page.getByText('Nenhum cliente encontrado')).toBeVisible();
    await expect(page.getByTestId('search-count')).toHaveText('0 cliente(s) encontrado(s)');
    await bothSizes(page, 'empty');
  });
});
