import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, expectAccessible, gotoSynced, newSignedInPage, shot, signInAs } from './fixtures';

// Several page loads per test on a machine shared with other builds.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A client of the signed-in agent, straight through the API (the replica gets it on the next page load). */
async function createClient(page: Page, name: string, email: string): Promise<string> {
  return (await api(page, 'post', '/api/clients', { name, type: 'Vendedor', email, phone: '912345678' })).id;
}

async function createFollowUp(page: Page, data: Record<string, unknown>): Promise<string> {
  return (await api(page, 'post', '/api/followups', { type: 'Reunião', ...data })).id;
}

/** Screenshot plus an axe scan: no serious or critical WCAG 2.1 AA violation. */
async function shoot(page: Page, name: string, fullPage = false) {
  await shot(page, `followups-${name}`, { fullPage });
  await expectAccessible(page, name);
}

/**
 * The card whose title is `title`, found by its text: a role query names every element of the page, which
 * with a few hundred cards on a slow machine took seconds of the page's main thread per try.
 */
function card(page: Page, title: string): Locator {
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.getByTestId('follow-up-card').filter({ has: page.locator('h2', { hasText: exact }) });
}

/**
 * The card in the current tab, loading further pages (50 at a time) until it shows. Polled without a
 * failing assertion per try (each failure snapshots the whole page's accessibility tree).
 */
async function reveal(page: Page, title: string): Promise<Locator> {
  const found = card(page, title);
  const more = page.getByTestId('follow-ups-list').locator('button', { hasText: /^Carregar mais/ });
  await expect
    .poll(
      async () => {
        if ((await found.count()) > 0) return true;
        // Gone between the count and the click once every page is in: the next try finds the card.
        if ((await more.count()) > 0) await more.click({ timeout: 2000 }).catch(() => undefined);
        return false;
      },
      { timeout: 30_000, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  await expect(found).toBeVisible();
  return found;
}

function tab(page: Page, label: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${label}`) });
}

async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test.describe('follow-ups as an agent (device in New York: times stay in Lisbon)', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'pt-PT' });

  test('create through the picker, edit twice, complete with a next one, delete', async ({ page }) => {
    const sfx = suffix();
    const clientName = `Cliente FU ${sfx}`;
    const email = `fu-${sfx}@teste.pt`;
    await signInAs(page, 'agent');
    await createClient(page, clientName, email);

    await page.goto('/followups');
    await expect(page.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible();
    for (const label of ['Pendentes', 'Hoje', 'Em Atraso', 'Concluídos', 'Todos'])
      await expect(tab(page, label)).toBeVisible();
    // The tabs by keyboard (WAI-ARIA's tabs pattern): the arrows, Home and End move the focus; Enter chooses.
    await tab(page, 'Pendentes').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Hoje')).toBeFocused();
    await page.keyboard.press('End');
    await expect(tab(page, 'Todos')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Pendentes')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(tab(page, 'Todos')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Todos')).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tabpanel', { name: 'Todos' })).toBeVisible();
    await tab(page, 'Pendentes').click();
    await expect(tab(page, 'Pendentes')).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Novo Follow-up' }).click();
    await expect(page).toHaveURL(/\/followups\?action=create$/);
    const dialog = page.getByRole('dialog', { name: 'Novo Follow-up' });
    await expect(dialog).toBeVisible();

    // The picker: by name; the choice is dropped when the text no longer matches it.
    const picker = dialog.getByLabel('Cliente *');
    await picker.fill(`FU ${sfx}`);
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    await expect(picker).toHaveValue(clientName);
    await picker.fill(`${clientName} não existe`);
    const title = `Reunião ${sfx}`;
    await dialog.getByLabel('Título *').fill(title);
    await dialog.getByLabel('Data *').fill('2030-01-15');
    await dialog.getByLabel('Hora *').fill('10:00');
    await dialog.getByRole('button', { name: 'Criar Follow-up' }).click();
    await expect(dialog.getByText('Cliente é obrigatório')).toBeVisible();
    // ... and found again by email.
    await picker.fill(email);
    await page.getByRole('option', { name: new RegExp(clientName) }).click();
    await dialog.getByLabel('Tipo *').click();
    await page.getByRole('option', { name: 'Reunião', exact: true }).click();
    await dialog.getByLabel('Descrição').fill('Apresentar proposta do T3');
    await dialog.getByRole('button', { name: 'Criar Follow-up' }).click();
    await expectToast(page, 'Follow-up criado com sucesso!');
    await expect(page).toHaveURL(/\/followups$/);
    const created = await reveal(page, title);
    await expect(created).toContainText(clientName);
    await expect(created).toContainText('15/01/2030 10:00');
    await expect(created).toContainText('Apresentar proposta do T3');

    // Edit through ?edit={id}.
    await created.getByRole('button', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/followups\?edit=/);
    const id = new URL(page.url()).searchParams.get('edit') ?? '';
    const editDialog = page.getByRole('dialog', { name: 'Editar Follow-up' });
    await expect(editDialog.getByLabel('Hora *')).toHaveValue('10:00');
    await expect(editDialog.getByLabel('Cliente *')).toHaveValue(clientName);
    const edited = `${title} editado`;
    await editDialog.getByLabel('Título *').fill(edited);
    await editDialog.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expectToast(page, 'Follow-up atualizado com sucesso!');
    await expect(page).toHaveURL(/\/followups$/);
    await reveal(page, edited);

    // Edit through /followup/{id}: back to /followups on save.
    await page.goto(`/followup/${id}`);
    await expect(page.getByRole('heading', { name: 'Editar Follow-up' })).toBeVisible();
    await expect(page.getByLabel('Data *')).toHaveValue('2030-01-15');
    await expect(page.getByLabel('Hora *')).toHaveValue('10:00');
    await page.getByLabel('Hora *').fill('11:30');
    await page.getByRole('button', { name: 'Guardar Alterações' }).click();
    await expectToast(page, 'Follow-up atualizado com sucesso!');
    await expect(page).toHaveURL(/\/followups$/);
    await expect(await reveal(page, edited)).toContainText('15/01/2030 11:30');
    // ... and on cancel.
    await page.goto(`/followup/${id}`);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/followups$/);

    // Complete with a next follow-up.
    await (await reveal(page, edited)).getByRole('button', { name: 'Concluir' }).click();
    const complete = page.getByRole('dialog', { name: 'Concluir Follow-up' });
    const comment = `Cliente muito interessado no T3 da Rua Augusta; pediu nova visita com a família e simulação de crédito ${sfx}.`;
    await complete.getByLabel('Comentário de conclusão').fill(comment);
    await complete.getByLabel('Agendar próximo follow-up').check();
    await expect(complete.getByLabel('Tipo do próximo follow-up')).toHaveText('Telefonar');
    await complete.getByRole('button', { name: 'Concluir' }).click();
    await expect(complete.getByText('Data e hora são obrigatórias para o novo follow-up')).toBeVisible();
    await complete.getByLabel('Data *').fill('2030-01-20');
    await complete.getByLabel('Hora *').fill('09:00');
    const next = `Ligar de novo ${sfx}`;
    await complete.getByLabel('Título').fill(next);
    await complete.getByRole('button', { name: 'Concluir' }).click();
    await expectToast(page, 'Follow-up concluído e próximo agendado!');
    await expect(await reveal(page, next)).toContainText('20/01/2030 09:00');
    await expect(card(page, next)).toContainText('Telefonar');
    await expect(card(page, edited)).toHaveCount(0);

    await tab(page, 'Concluídos').click();
    const done = await reveal(page, edited);
    await expect(done).toContainText('Concluído em');
    await expect(done.getByTestId('completion-comment')).toHaveText(`${comment.slice(0, 100)}…`);
    await expect(done.getByRole('button', { name: 'Concluir' })).toHaveCount(0);
    await expect(done.getByRole('button', { name: 'Editar' })).toBeVisible();

    // Delete the next one, after confirming.
    await tab(page, 'Pendentes').click();
    await (await reveal(page, next)).getByRole('button', { name: 'Remover' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remover follow-up' });
    await expect(confirm).toContainText('irreversível');
    await confirm.getByRole('button', { name: 'Remover' }).click();
    await expectToast(page, 'Follow-up removido com sucesso!');
    await expect(card(page, next)).toHaveCount(0);
  });

  test('an unknown id shows the not-found card; ?client= preselects the client', async ({ page }) => {
    const sfx = suffix();
    const clientName = `Cliente Pré ${sfx}`;
    await signInAs(page, 'agent');
    const clientId = await createClient(page, clientName, `pre-${sfx}@teste.pt`);

    await page.goto('/followup/0b9c6a2e-3f4d-4e5a-9b7c-1d2e3f4a5b6c');
    await expect(page.getByRole('heading', { name: 'Follow-up não encontrado' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar aos Follow-ups' }).click();
    await expect(page).toHaveURL(/\/followups$/);

    await page.goto(`/followups?client=${clientId}&action=create`);
    const dialog = page.getByRole('dialog', { name: 'Novo Follow-up' });
    await expect(dialog.getByLabel('Cliente *')).toHaveValue(clientName);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/followups$/);
    await expect(dialog).toHaveCount(0);
  });

  test('screenshots of the tabs, dialogs, edit page and not-found card', async ({ page }) => {
    // Twelve axe scans per size.
    test.setTimeout(400_000);
    const sfx = suffix();
    const clientName = `Cliente Ecrãs ${sfx}`;
    await signInAs(page, 'agent');
    const clientId = await createClient(page, clientName, `ecras-${sfx}@teste.pt`);
    const title = `Visita ao T2 ${sfx}`;
    const id = await createFollowUp(page, {
      clientId,
      title,
      scheduledDate: new Date(Date.now() + 3_600_000).toISOString(),
      description: 'Mostrar o apartamento e a garagem.',
      notes: 'Levar chaves da portaria.',
    });
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/followups');
      await reveal(page, title);
      for (const [key, label] of [
        ['pendentes', 'Pendentes'],
        ['hoje', 'Hoje'],
        ['em-atraso', 'Em Atraso'],
        ['concluidos', 'Concluídos'],
        ['todos', 'Todos'],
      ] as const) {
        await tab(page, label).click();
        await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByTestId('follow-ups-list').locator('[aria-busy="true"]')).toHaveCount(0);
        await shoot(page, `tab-${key}-${size.name}`);
      }
      await tab(page, 'Pendentes').click();
      await (await reveal(page, title)).getByRole('button', { name: 'Concluir' }).click();
      const complete = page.getByRole('dialog', { name: 'Concluir Follow-up' });
      await complete.getByLabel('Agendar próximo follow-up').check();
      await shoot(page, `complete-dialog-${size.name}`);
      await complete.getByRole('button', { name: 'Cancelar' }).click();

      await page.goto(`/followups?client=${clientId}&action=create`);
      await expect(page.getByRole('dialog', { name: 'Novo Follow-up' }).getByLabel('Cliente *')).toHaveValue(
        clientName,
      );
      await shoot(page, `create-dialog-${size.name}`);

      await page.goto(`/followup/${id}`);
      await expect(page.getByLabel('Título *')).toHaveValue(title);
      await shoot(page, `edit-page-${size.name}`, true);

      await page.goto('/followup/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Follow-up não encontrado' })).toBeVisible();
      await shoot(page, `not-found-${size.name}`);
    }
  });
});

test('a viewer sees the follow-ups without any write control', async ({ page }) => {
  await signInAs(page, 'viewer');
  await page.goto('/followups?action=create');
  await expect(page.getByRole('heading', { level: 1, name: 'Follow-ups' })).toBeVisible();
  await tab(page, 'Todos').click();
  await expect(page.getByTestId('tab-count-all')).not.toHaveText('…');
  // The organization's follow-ups, read-only.
  const first = page.getByTestId('follow-up-card').first();
  await expect(first).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Novo Follow-up' })).toHaveCount(0);
  for (const name of ['Concluir', 'Editar', 'Remover'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

  // Neither ?edit= nor the follow-up page let a viewer change it: a follow-up of the test's own (the
  // first card may be one another journey is about to delete).
  const agent = await newSignedInPage(page.context().browser()!, 'agent');
  await agent.goto('/');
  const client = await api(agent, 'post', '/api/clients', {
    name: `Leitura ${Date.now()}`,
    type: 'Vendedor',
  });
  const { id } = await api(agent, 'post', '/api/followups', {
    clientId: client.id,
    title: `Só leitura ${Date.now()}`,
    type: 'Telefonar',
    scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await agent.close();
  await gotoSynced(page, `/followups?edit=${id}`);
  await expect(page.getByTestId('follow-up-card').first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await gotoSynced(page, `/followup/${id}`);
  await expect(page.getByLabel('Título *')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Guardar Alterações' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/followups$/);
});
