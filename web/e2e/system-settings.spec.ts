import { expect, test } from '@playwright/test';
import { csrfHeaders, demo, loginAs, shot, signInAs } from './fixtures';

// The super admin's system settings with real figures and real actions. Nothing here changes what other
// tests see (maintenance mode has its own spec, run after all the others).

test('Sistema shows measured figures; Executar Backup writes one and Ver Logs lists requests', async ({
  page,
}) => {
  await signInAs(page, 'superAdmin');
  await page.goto('/settings');
  const status = await (await page.request.get('/api/system/status')).json();
  await expect(page.getByRole('tabpanel').getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByTestId('system-uptime')).toContainText(/\d+ (s|min|h|d)/);
  await expect(page.getByTestId('system-total-records')).toContainText(
    new Intl.NumberFormat('pt-PT').format(status.database.totalRecords).slice(0, 2),
  );
  await expect(page.getByTestId('system-db-size')).toContainText(/\d+(,\d)? (KB|MB|GB)/);
  await expect(page.getByText(`v${status.version}`)).toBeVisible();

  const backup = page.waitForResponse(
    (r) => r.url().endsWith('/api/system/backups') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Executar Backup' }).click();
  const made = await (await backup).json();
  expect(made.name).toMatch(/^casa-\d{8}-\d{6}(-\d+)?\.sqlite$/);
  await expect(page.getByText('Backup concluído')).toBeVisible();
  await expect(page.getByTestId('system-last-backup')).toContainText(/Hoje às \d\d:\d\d/);
  await expect(page.getByRole('link', { name: `Descarregar ${made.name}` })).toBeVisible();
  await shot(page, 'system-backup-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Ver Logs' }).click();
  const logs = page.getByTestId('system-logs');
  await expect(logs).toContainText('POST /api/system/backups');
  await shot(page, 'system-logs-1280');
});

test('security and notification settings are saved and come back after a reload', async ({ page }) => {
  await signInAs(page, 'superAdmin');
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Segurança' }).click();
  const timeout = page.getByLabel('Tempo limite da sessão (minutos)');
  await timeout.fill('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Deve ser|maior|pelo menos|inválid/i).first()).toBeVisible();
  await timeout.fill('90');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configurações guardadas com sucesso')).toBeVisible();

  await page.getByRole('tab', { name: 'Notificações' }).click();
  await expect(page.getByLabel('Email do administrador')).toHaveValue(demo.superAdmin);
  await page.getByLabel('Relatórios semanais de utilização').check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configurações guardadas com sucesso').first()).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Segurança' }).click();
  await expect(page.getByLabel('Tempo limite da sessão (minutos)')).toHaveValue('90');
  await page.getByRole('tab', { name: 'Notificações' }).click();
  await expect(page.getByLabel('Relatórios semanais de utilização')).toBeChecked();
  const saved = await (await page.request.get('/api/system/settings')).json();
  expect(saved.security.sessionTimeoutMinutes).toBe(90);
  expect(saved.notifications).toMatchObject({ weeklyReports: true, adminEmail: demo.superAdmin });
});

test('Perfil Admin: Cancelar resets, a wrong current password is refused', async ({ page }) => {
  // A login of its own: the check at the end logs in again on this context, which ends its session.
  await loginAs(page, demo.superAdmin);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Perfil Admin' }).click();
  await expect(page.getByText('Função: Administrador SaaS')).toBeVisible();
  const first = page.getByLabel('Nome', { exact: true });
  const original = await first.inputValue();
  await first.fill('Outro Nome');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(first).toHaveValue(original);

  await page.getByLabel('Nova palavra-passe', { exact: true }).fill('Nova12345!');
  await page.getByLabel('Confirmar nova palavra-passe').fill('Nova12345!');
  await page.getByRole('button', { name: 'Guardar Alterações' }).click();
  await expect(page.getByText('Senha atual é obrigatória')).toBeVisible();
  await page.getByLabel('Palavra-passe atual').fill('errada-de-todo');
  await page.getByRole('button', { name: 'Guardar Alterações' }).click();
  await expect(
    page
      .getByText('Perfil atualizado com sucesso')
      .or(page.getByRole('alert').filter({ hasText: /senha|palavra-passe|incorret/i }))
      .first(),
  ).toBeVisible();
  // The demo password still works: the wrong current password changed nothing.
  const check = await page.request.post('/api/auth/login', {
    data: { email: demo.superAdmin, password: 'Demo1234!' },
    headers: await csrfHeaders(page),
  });
  expect(check.status()).toBe(200);
});
