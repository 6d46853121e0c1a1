import { expect, test, type Page } from '@playwright/test';
import { api, gotoSynced, newSignedInPage, shot, signInAs } from './fixtures';

// Live pokes (docs/sync.md): a change made on one device shows on another within seconds, without a
// reload and long before the 30 s poll; the header says the device is live.

async function expectLive(page: Page) {
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-live', 'true', { timeout: 15_000 });
}

test('a client created by the admin appears on the agent’s open list within seconds', async ({ browser }) => {
  test.setTimeout(90_000);
  const agent = await newSignedInPage(browser, 'agent');
  const admin = await newSignedInPage(browser, 'admin');
  await gotoSynced(agent, '/clients');
  await gotoSynced(admin, '/');
  await expectLive(agent);
  const name = `Cliente ao Vivo ${Math.random().toString(36).slice(2, 7)}`;
  await agent.getByRole('searchbox', { name: 'Pesquisar por nome, email, telefone ou notas' }).fill(name);
  await expect(agent.getByRole('heading', { name, exact: true })).toHaveCount(0);

  await api(admin, 'post', '/api/clients', { name, type: 'Vendedor' });
  // Well under the 30 s poll: only a poke brings it this fast.
  await expect(agent.getByRole('heading', { name, exact: true })).toBeVisible({ timeout: 8_000 });
  await agent.close();
  await admin.close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the header shows the live indicator at 390 px (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
    const page = await context.newPage();
    await signInAs(page, 'agent');
    await gotoSynced(page, '/');
    await expectLive(page);
    await page.getByTestId('sync-indicator').hover();
    await expect(page.getByRole('tooltip', { name: 'Sincronização em tempo real' })).toBeVisible();
    await shot(page, `live-indicator-390-${colorScheme}`);
    await context.close();
  });
}
