import { expect, test, type Page } from '@playwright/test';
import { api, gotoSynced, signInAs } from './fixtures';

// Several page loads on a machine shared with other builds.
test.describe.configure({ timeout: 120_000 });

type Property = { id: string; reference: string; title: string };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Screenshots for a human look (VISITS_SHOTS=dir), light and dark, at the page's width. */
async function shots(page: Page, name: string) {
  const dir = process.env.VISITS_SHOTS;
  if (!dir) return;
  const width = page.viewportSize()?.width ?? 0;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/visits-${name}-${width}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const width of [390, 1280]) {
  test(`a visit of a seeded property: in the follow-ups, feedback on completion, in the buyer's history (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await signInAs(page, 'agent');
    await page.goto('/followups');
    const sfx = suffix();
    const buyerName = `Comprador Visita ${sfx}`;
    const buyer = await api(page, 'post', '/api/clients', {
      name: buyerName,
      type: 'Comprador',
      customFields: { budget: 300_000, zone: 'Lisboa' },
    });
    const [property] = await api<Property[]>(page, 'get', '/api/properties?limit=1');
    expect(property).toBeTruthy();
    const title = `Visita ${property!.reference} – ${buyerName}`;
    // Due an hour ago: pending and overdue, so the list shows it first under Em Atraso.
    const visit = await api(page, 'post', '/api/followups', {
      clientId: buyer.id,
      propertyId: property!.id,
      type: 'Visita',
      title,
      scheduledDate: new Date(Date.now() - 3_600_000).toISOString(),
    });

    await gotoSynced(page, '/followups');
    await page.getByRole('tab', { name: /^Em Atraso/ }).click();
    const card = page
      .getByTestId('follow-up-card')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card).toBeVisible({ timeout: 20_000 });
    const link = card.getByTestId('visit-property-link');
    await expect(link).toHaveText(property!.reference);
    await expect(link).toHaveAttribute('href', `/imoveis/${property!.id}`);
    await card.scrollIntoViewIfNeeded();
    await shots(page, 'followups-card');

    // The completion of a Visita takes the feedback; an interest out of the form's reach is not possible,
    // but comments without an interest are refused with the shared pt-PT message.
    await card.getByRole('button', { name: 'Concluir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Concluir Follow-up' });
    await expect(dialog.getByTestId('complete-visit-feedback')).toBeVisible();
    await dialog.getByLabel('Comentários da visita').fill('Gostou da luz; acha a cozinha pequena.');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(dialog.getByText('Indique o interesse do comprador (1 a 5)')).toBeVisible();
    // The star's label (the radio itself is visually hidden).
    await dialog.locator('label').filter({ hasText: '4 de 5' }).click();
    await expect(dialog.getByLabel('4 de 5')).toBeChecked();
    await dialog.getByLabel('Opinião sobre o preço').click();
    await page.getByRole('option', { name: 'Acima do valor' }).click();
    await shots(page, 'complete-dialog');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByText('Follow-up concluído com sucesso!', { exact: true })).toBeVisible();

    // Both writes reach the server (the outbox pushes them in order).
    await expect
      .poll(async () => api(page, 'get', `/api/followups/${visit.id}`), { timeout: 30_000 })
      .toMatchObject({
        completed: true,
        visitInterest: 4,
        visitPriceOpinion: 'Acima do valor',
        visitFeedback: 'Gostou da luz; acha a cozinha pequena.',
      });
    await page.getByRole('tab', { name: /^Concluídos/ }).click();
    await expect(card.getByTestId('visit-feedback')).toContainText('Preço: Acima do valor');

    // The buyer's visit history, in the client's detail.
    await page.goto(`/clients?view=${buyer.id}`);
    const history = page.getByTestId('client-visits');
    await expect(history).toBeVisible({ timeout: 20_000 });
    const item = history.getByTestId('client-visit');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('visit-property-link')).toHaveText(property!.reference);
    await expect(item).toContainText(property!.title);
    await expect(item).toContainText('Realizada');
    await expect(item.getByTestId('visit-feedback')).toContainText('Gostou da luz');
    await history.scrollIntoViewIfNeeded();
    await shots(page, 'client-history');
  });
}
