import { expect, test } from '@playwright/test';
import { csrfHeaders, demo, DEMO_PASSWORD, loginAs } from './fixtures';

// Maintenance mode is global: this file runs in its own Playwright project after every other test.
// Two browsers and a dozen page loads, alone at the end of the run on a machine shared with other builds.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('maintenance keeps agents out with the message, super admins in, and lets agents back', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();
  try {
    await loginAs(agent, demo.agent);
    await loginAs(admin, demo.superAdmin);
    await admin.goto('/settings');
    await admin.getByRole('tab', { name: 'Manutenção' }).click();
    const message = `Manutenção de teste ${Date.now()}.`;
    await admin.getByLabel('Mensagem de manutenção').fill(message);
    await admin.getByRole('button', { name: 'Guardar' }).click();
    await expect(admin.getByText('Configurações guardadas com sucesso')).toBeVisible();
    await admin.getByLabel('Modo de manutenção').click();
    await expect(admin.getByLabel('Modo de manutenção')).toBeChecked();
    await expect(admin.getByTestId('maintenance-warning')).toBeVisible();
    await admin.screenshot({ path: 'test-results/screens/system-maintenance-on-1280.png', fullPage: true });

    // The agent's next call (a reload here; the 30 s me poll otherwise) shows the maintenance page.
    await agent.reload();
    await expect(agent.getByRole('heading', { name: 'Em manutenção' })).toBeVisible();
    await expect(agent.getByText(message)).toBeVisible();
    await agent.screenshot({ path: 'test-results/screens/maintenance-page-1280.png', fullPage: true });

    // A fresh visitor sees the banner on the login page and cannot get in as an agent.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/login');
    await expect(visitor.getByTestId('maintenance-banner')).toContainText(message);
    await visitor.getByLabel('Email').fill(demo.viewer);
    await visitor.getByLabel(/^Palavra-passe/).fill(DEMO_PASSWORD);
    await visitor.getByRole('button', { name: 'Entrar' }).click();
    // The login error (not the banner, which says the same message above it).
    await expect(
      visitor.getByRole('alert').filter({ hasText: message }).filter({ hasNotText: 'administradores SaaS' }),
    ).toBeVisible();
    await visitorContext.close();

    // The super admin still works, and the history has the change.
    await admin.reload();
    await admin.getByRole('tab', { name: 'Manutenção' }).click();
    await admin.getByRole('button', { name: 'Ver Histórico' }).click();
    await expect(admin.getByTestId('maintenance-history')).toContainText(message);
    await admin.keyboard.press('Escape');
    await admin.getByLabel('Modo de manutenção').click();
    await expect(admin.getByTestId('maintenance-warning')).toBeHidden();
    await expect
      .poll(async () => (await (await admin.request.get('/api/system/maintenance')).json()).active)
      .toBe(false);

    await agent.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(agent.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
  } finally {
    // Never leave the server in maintenance for whatever runs next.
    await admin.request.put('/api/system/settings', {
      data: {
        maintenance: { enabled: false, message: 'Sistema temporariamente indisponível para manutenção.' },
      },
      headers: await csrfHeaders(admin),
    });
    await adminContext.close();
    await agentContext.close();
  }
});
