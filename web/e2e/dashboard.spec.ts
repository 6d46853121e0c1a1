import { expect, test, type Page } from '@playwright/test';
import {
  api,
  expectAccessible,
  gotoSynced,
  loginAsNewUser,
  newSignedInPage,
  PHONE,
  shot,
  signInAs,
} from './fixtures';

const DESKTOP = { width: 1280, height: 800 };

/** Waits for the replica after a reload on a loaded machine (the sync pull comes first). */
const SYNCED = { timeout: 30_000 };

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Today's Lisbon date 'YYYY-MM-DD' and hour. */
function lisbonToday() {
  const now = new Date();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(now);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Lisbon', hour: '2-digit', hourCycle: 'h23' }).format(
      now,
    ),
  );
  return { date, hour };
}

/** An instant later today in Lisbon (a minute ago when the day is about to end: still today). */
function laterToday(): string {
  const { hour } = lisbonToday();
  return new Date(Date.now() + (hour >= 23 ? -60_000 : 10 * 60_000)).toISOString();
}

const statCard = (page: Page, title: string) => page.getByTestId('stat-card').filter({ hasText: title });

async function statValue(page: Page, title: string): Promise<number> {
  const text = (await statCard(page, title).getByTestId('stat-value').textContent()) ?? '';
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : -1;
}

/** Today's list shows its first 8; the rest behind 'Mostrar mais N'. */
async function showAllToday(page: Page) {
  const more = page.getByTestId('today-follow-ups').getByRole('button', { name: /^Mostrar mais/ });
  if (await more.count()) await more.click();
}

/** Opens the dashboard once its replica has pulled what changed and counts the seeded clients. */
async function waitForReplica(page: Page) {
  await gotoSynced(page, '/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('stat-card')).toHaveCount(5);
  await expect.poll(() => statValue(page, 'Total de Clientes'), { timeout: 20_000 }).toBeGreaterThan(0);
}

test.describe('dashboard', () => {
  // Two axe scans and API writes on a shared, loaded machine.
  test.describe.configure({ timeout: 120_000 });

  test('figures react to new data; a today follow-up is completed from the dashboard', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    // An organization of its own: the demo one's figures move under other journeys (clients created and
    // deleted, follow-ups completed), so 'more than before' could read as 'the same'.
    await loginAsNewUser(page, 'dash-figures');
    await gotoSynced(page, '/');
    await expect(page.getByTestId('stat-card')).toHaveCount(5);
    await expect(statCard(page, 'Chamadas Hoje')).toContainText('Meta: 20/dia');
    for (const name of ['Novo Cliente', 'Agendar Follow-up', 'Iniciar Cold Calls', 'Pesquisar Clientes']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Novo Cliente' })).toHaveAttribute(
      'href',
      '/clients?action=create',
    );
    await expect(page.getByRole('link', { name: 'Agendar Follow-up' })).toHaveAttribute(
      'href',
      '/followups?action=create',
    );
    await expect(statCard(page, 'Total de Clientes').getByTestId('stat-value')).toHaveText('0', SYNCED);
    const before = {
      clients: await statValue(page, 'Total de Clientes'),
      followUps: await statValue(page, 'Follow-ups Hoje'),
      calls: await statValue(page, 'Chamadas Hoje'),
    };
    expect(before).toEqual({ clients: 0, followUps: 0, calls: 0 });

    const sfx = suffix();
    const name = `Dashboard Teste ${sfx}`;
    const title = `Ligar ao ${sfx}`;
    const client = await api(page, 'post', '/api/clients', { name, type: 'Vendedor', phone: '912000111' });
    const followUp = await api(page, 'post', '/api/followups', {
      clientId: client.id,
      title,
      type: 'Telefonar',
      scheduledDate: laterToday(),
    });
    await api(page, 'post', '/api/coldcalls', { clientId: client.id, result: 'Interessado' });

    // A reload syncs at once (the periodic pull runs every 30 s).
    await page.reload();
    await expect.poll(() => statValue(page, 'Total de Clientes'), SYNCED).toBe(1);
    await expect.poll(() => statValue(page, 'Follow-ups Hoje'), SYNCED).toBe(1);
    await expect.poll(() => statValue(page, 'Chamadas Hoje'), SYNCED).toBe(1);
    await expect(statCard(page, 'Total de Clientes')).toContainText('1 novo este mês');

    const recent = page.getByTestId('recent-clients');
    await expect(recent.getByRole('listitem').filter({ hasText: name })).toContainText('Hoje');
    await expect(page.getByTestId('recent-activity')).toContainText(`Cold Call · ${name}`);
    const contacts = page.getByTestId('contacts');
    await contacts.getByRole('button', { name: 'Contactados recentemente' }).click();
    const contactRow = contacts.getByRole('listitem').filter({ hasText: name });
    await expect(contactRow.getByTestId('contact-age')).toHaveText('Hoje');
    await expect(contactRow.getByTestId('contact-age')).toHaveClass(/MuiChip-colorSuccess/);

    const today = page.getByTestId('today-follow-ups');
    await showAllToday(page);
    await expect(today.getByTestId('today-follow-up').filter({ hasText: title })).toContainText(name);
    await shot(page, 'dashboard-desktop', { fullPage: true });
    await expectAccessible(page, 'dashboard desktop');
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('stat-card').first()).toBeVisible();
    await shot(page, 'dashboard-phone', { fullPage: true });
    await expectAccessible(page, 'dashboard phone');
    await page.setViewportSize(DESKTOP);

    await today.getByRole('button', { name: `Concluir follow-up ${title}` }).click();
    await expect(page.getByText('Follow-up concluído com sucesso!')).toBeVisible(SYNCED);
    await expect(today.getByTestId('today-follow-up').filter({ hasText: title })).toHaveCount(0);
    await expect.poll(() => statValue(page, 'Follow-ups Hoje')).toBe(0);
    // The queued completion reaches the server.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/followups/${followUp.id}`)).json()) as { completed: boolean })
            .completed,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
  });

  test('a new organization: empty states, then birthdays as the first 2 names plus "e mais N"', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAsNewUser(page, 'dash');
    await expect(statCard(page, 'Total de Clientes').getByTestId('stat-value')).toHaveText('0', SYNCED);
    for (const text of [
      'Sem follow-ups agendados para hoje',
      'Sem alertas no momento',
      'Nenhuma atividade recente',
      'Nenhum aniversário hoje',
      'Ainda não há clientes cadastrados',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await expect(statCard(page, 'Total de Clientes')).toContainText('sem dados do mês anterior');
    await expect(statCard(page, 'Taxa de Conversão')).toContainText('0,0%');
    await shot(page, 'dashboard-empty-phone', { fullPage: true });

    const { date } = lisbonToday();
    const monthDay = date.slice(5);
    const birthday = `${monthDay === '02-29' ? '2000' : '1985'}-${monthDay}`;
    const other = `1985-${monthDay === '01-01' ? '01-02' : '01-01'}`;
    for (const name of ['Carla Aniversário', 'Ana Aniversário', 'Bruno Aniversário']) {
      await api(page, 'post', '/api/clients', { name, type: 'Vendedor', birthday, phone: '+351912345678' });
    }
    await api(page, 'post', '/api/clients', { name: 'Duarte Outro Dia', type: 'Vendedor', birthday: other });
    await page.reload();
    const card = page.getByTestId('birthdays');
    await expect(card.getByTestId('birthday-summary')).toHaveText(
      'Ana Aniversário, Bruno Aniversário e mais 1',
      SYNCED,
    );
    await expect(card.getByRole('listitem')).toHaveCount(3);
    await expect(card).toContainText(`Faz ${Number(date.slice(0, 4)) - Number(birthday.slice(0, 4))} anos`);
    await expect(card).not.toContainText('Duarte');
    await expect(page.getByTestId('birthday-alert')).toHaveText(
      'Aniversários hoje: Ana Aniversário, Bruno Aniversário e mais 1',
    );
    await expect(statCard(page, 'Total de Clientes').getByTestId('stat-value')).toHaveText('4');
    await expect(statCard(page, 'Total de Clientes')).toContainText('4 novos este mês');
    await expect(page.getByTestId('recent-clients').getByRole('listitem')).toHaveCount(4);
    await page.getByTestId('birthdays').scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-birthdays-phone');
  });

  test('a viewer sees the figures but no create actions, complete buttons or marathon', async ({
    page,
    browser,
  }) => {
    // An agent schedules a follow-up for today, which the viewer must see without a complete button.
    const agent = await newSignedInPage(browser, 'agent');
    const sfx = suffix();
    const client = await api(agent, 'post', '/api/clients', { name: `Visto ${sfx}`, type: 'Vendedor' });
    const title = `Reunião ${sfx}`;
    await api(agent, 'post', '/api/followups', {
      clientId: client.id,
      title,
      type: 'Reunião',
      scheduledDate: laterToday(),
    });
    await agent.close();

    await page.setViewportSize(PHONE);
    await signInAs(page, 'viewer');
    await waitForReplica(page);
    await expect(page.getByRole('link', { name: 'Pesquisar Clientes' })).toBeVisible();
    for (const name of ['Novo Cliente', 'Agendar Follow-up', 'Iniciar Cold Calls']) {
      await expect(page.getByRole('link', { name })).toHaveCount(0);
    }
    await expect(page.getByRole('button', { name: 'Modo Maratona' })).toHaveCount(0);
    await expect(page.getByTestId('today-follow-up').first()).toBeVisible(SYNCED);
    await showAllToday(page);
    const row = page.getByTestId('today-follow-up').filter({ hasText: title });
    await expect(row).toBeVisible(SYNCED);
    await expect(page.getByRole('button', { name: /^Concluir follow-up/ })).toHaveCount(0);
    await shot(page, 'dashboard-viewer-phone', { fullPage: true });
  });

  test('the marathon button opens the marathon dialog without breaking the dashboard', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAs(page, 'agent');
    await waitForReplica(page);
    await page.getByRole('button', { name: 'Modo Maratona' }).click();
    await expect(page.getByTestId('dashboard')).toBeVisible();
  });
});
