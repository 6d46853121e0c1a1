import { expect, test, type Page } from '@playwright/test';
import { api, demo, gotoSynced, loginAs, serverNotifications } from './fixtures';

// Issue 20 on the dashboard, the reports and the notifications: the property stat card, the properties
// section of /reports, and a new property that matches a seeded buyer notifying that buyer's agent.

const statCard = (page: Page, title: string) => page.getByTestId('stat-card').filter({ hasText: title });

/** Concelhos the seeded buyers name as their zone (a zone the matching reads as a whole concelho). */
const CONCELHOS = ['Portimão', 'Lisboa', 'Porto', 'Cascais', 'Sintra', 'Faro', 'Loulé', 'Braga', 'Setúbal'];

type Buyer = { id: string; name: string; agentId: string | null; customFields: Record<string, unknown> };

test.describe('properties on the dashboard, in the reports and in notifications', () => {
  // The scheduler ticks once a minute: the notification can take that long.
  test.describe.configure({ timeout: 150_000 });

  test('the dashboard shows the available properties and this month’s new angariações', async ({ page }) => {
    await loginAs(page, demo.agent);
    await gotoSynced(page, '/');
    const card = statCard(page, 'Imóveis Disponíveis');
    await expect(card).toBeVisible();
    await expect
      .poll(async () =>
        Number(((await card.getByTestId('stat-value').textContent()) ?? '').replace(/\D/g, '')),
      )
      .toBeGreaterThan(0);
    await expect(card.getByTestId('new-listings')).toHaveText(/^\d+ nova(s)? angariaç(ão|ões) este mês$/);
  });

  test('the reports show properties by status, days on market and price per m² by concelho', async ({
    page,
  }) => {
    await loginAs(page, demo.agent);
    await gotoSynced(page, '/reports');
    const section = page.getByTestId('properties-report');
    await expect(section.getByRole('heading', { name: 'Imóveis por Estado' })).toBeVisible();
    await expect(section.getByTestId('properties-status-chart').locator('svg').first()).toBeVisible();
    await expect(section.getByTestId('properties-price-chart').locator('svg').first()).toBeVisible();
    await expect(section.getByTestId('days-average')).toHaveText(/^\d+(,\d)? dias?$/);
    await expect(section.getByTestId('days-median')).toHaveText(/^\d+(,\d)? dias?$/);
    await expect(section).toContainText('Preço Médio por m² por Concelho');
  });

  test('a new property matching a seeded buyer notifies the buyer’s agent', async ({ page }) => {
    const me = (await loginAs(page, demo.agent)) as { id?: string };
    const clients = (await (await page.request.get('/api/clients?type=Comprador&limit=10000')).json()) as
      Buyer[] | { clients: Buyer[] };
    const list = Array.isArray(clients) ? clients : clients.clients;
    const buyer = list.find(
      (c) =>
        c.agentId === me.id &&
        typeof c.customFields.budget === 'number' &&
        CONCELHOS.includes(String(c.customFields.zone)),
    );
    expect(buyer, 'a seeded Comprador of the demo agent with a concelho as zone').toBeTruthy();
    const typology = String(buyer!.customFields.typology ?? 'T2');
    const property = await api<{ id: string; reference: string }>(page, 'post', '/api/properties', {
      title: `E2E compatível ${Date.now().toString(36)}`,
      business: 'Venda',
      propertyType: 'Apartamento',
      typology: /^T\d/.test(typology) ? typology : 'T2',
      priceCents: Math.round((buyer!.customFields.budget as number) * 100),
      concelho: buyer!.customFields.zone,
      status: 'Disponível',
    });

    await expect
      .poll(
        async () =>
          (await serverNotifications(page)).find(
            (n) =>
              n.title.endsWith(`compatíveis com ${property.reference}`) ||
              n.title.endsWith(`compatível com ${property.reference}`),
          ),
        { timeout: 120_000, intervals: [2_000] },
      )
      .toMatchObject({ type: 'property_match', data: { clientIds: expect.arrayContaining([buyer!.id]) } });

    // The bell and the notifications page show it from the replica.
    await gotoSynced(page, '/notifications');
    await expect(
      page.getByTestId('notification-row').filter({ hasText: property.reference }).first(),
    ).toBeVisible({ timeout: 30_000 });
  });
});
