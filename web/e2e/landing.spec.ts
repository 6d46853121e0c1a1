import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, loginAs, shot, uniqueEmail } from './fixtures';

// Landing page, pricing and the subscribe dialog (docs/product.md#sign-up): a visitor signs up as an
// agency and as an individual agent and logs in; screenshots and an axe scan of every state.
test.describe.configure({ timeout: 90_000 });

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const PASSWORD = 'Segura123!';

function suffix() {
  return Math.random().toString(36).slice(2, 7);
}

async function openTrialFromHero(page: Page) {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Começar Teste Grátis' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Começar Teste Grátis' });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const size of sizes) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('landing page: hero, features, pricing toggles and savings', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveTitle('Casa CRM — CRM para agentes imobiliários');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Casa CRM/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'O CRM para agentes imobiliários que funciona mesmo sem internet',
      );
      await expect(page.getByRole('link', { name: 'Ver Demonstração' }).first()).toHaveAttribute(
        'href',
        '/login',
      );
      await expect(
        page.getByRole('heading', { level: 3 }).filter({ hasText: 'Funciona Offline' }),
      ).toBeVisible();
      await expect(page.locator('section[aria-labelledby="features-title"] h3')).toHaveCount(6);
      await shot(page, `landing-top-${size.name}`);
      await expectAccessible(page, 'landing');

      const pricing = page.locator('#pricing');
      await pricing.scrollIntoViewIfNeeded();
      const price = (id: string) => pricing.getByTestId(`plan-${id}`).getByTestId('plan-price');
      const savings = (id: string) => pricing.getByTestId(`plan-${id}`).getByTestId('plan-savings');
      await expect(price('org-starter')).toHaveText(/^99,00\s€$/);
      await expect(price('org-professional')).toHaveText(/^199,00\s€$/);
      await expect(price('org-enterprise')).toHaveText(/^399,00\s€$/);
      await expect(pricing.getByTestId('plan-org-professional')).toContainText('Recomendado');
      await expect(savings('org-professional')).toHaveText('');
      await expect(pricing.getByRole('button', { name: /Anual/ })).toContainText('-20%');

      await pricing.getByRole('button', { name: /Anual/ }).click();
      await expect(price('org-professional')).toHaveText(/^1999,00\s€$/);
      await expect(savings('org-professional')).toHaveText(/^Poupa 389,00\s€ por ano$/);
      await expect(savings('org-enterprise')).toHaveText(/^Poupa 789,00\s€ por ano$/);
      await pricing.locator('h2').scrollIntoViewIfNeeded();
      if (size.name === 'phone') await page.mouse.wheel(0, 420);
      await shot(page, `landing-pricing-${size.name}`);

      await pricing.getByRole('button', { name: 'Agentes Individuais' }).click();
      await expect(price('ind-basic')).toHaveText(/^299,00\s€$/);
      await expect(savings('ind-basic')).toHaveText(/^Poupa 49,00\s€ por ano$/);
      await expect(savings('ind-premium')).toHaveText(/^Poupa 109,00\s€ por ano$/);
      await expect(pricing.getByTestId('plan-ind-premium')).toContainText('Recomendado');
      await pricing.getByRole('button', { name: 'Mensal' }).click();
      await expect(price('ind-basic')).toHaveText(/^29,00\s€$/);
      await expect(price('ind-premium')).toHaveText(/^59,00\s€$/);
      await expect(price('ind-pro')).toHaveText(/^99,00\s€$/);
      await shot(page, `landing-pricing-individual-${size.name}`);
      await expectAccessible(page, 'landing-pricing');
      await page.locator('footer').scrollIntoViewIfNeeded();
      await expect(page.locator('footer')).toContainText('Privacidade');
      await shot(page, `landing-bottom-${size.name}`);
      await shot(page, `landing-full-${size.name}`, { fullPage: true });
    });

    test('subscribe dialog: presets, both forms, every validation message, offline', async ({
      page,
      context,
    }) => {
      const dialog = await openTrialFromHero(page);
      // Hero preset: organization, org-professional, monthly.
      await expect(dialog.getByRole('tab', { name: 'Agência' })).toHaveAttribute('aria-selected', 'true');
      await expect(dialog.getByRole('combobox', { name: 'Plano' })).toHaveText(/Profissional/);
      await expect(dialog.getByRole('button', { name: 'Mensal' })).toHaveAttribute('aria-pressed', 'true');
      await shot(page, `landing-dialog-agency-${size.name}`);
      await expectAccessible(page, 'dialog-agency');

      await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
      for (const message of [
        'Nome da organização deve ter pelo menos 2 caracteres',
        'Nome deve ter pelo menos 2 caracteres',
        'Email inválido',
        'Telefone deve ter pelo menos 9 caracteres',
        'Selecione o número de agentes',
        'A palavra-passe deve ter pelo menos 8 caracteres',
      ])
        await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      await shot(page, `landing-dialog-agency-errors-${size.name}`);
      await expectAccessible(page, 'dialog-agency-errors');

      await dialog.getByRole('tab', { name: 'Agente Individual' }).click();
      await expect(dialog.getByRole('combobox', { name: 'Plano' })).toHaveText(/Premium/);
      await dialog.getByLabel('Número de licença AMI').fill('1234');
      await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
      await expect(dialog.getByText('Número de licença deve ter pelo menos 5 caracteres')).toBeVisible();
      await expect(dialog.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
      await expect(dialog.getByText('Telefone deve ter pelo menos 9 caracteres')).toBeVisible();
      await shot(page, `landing-dialog-individual-errors-${size.name}`);
      await expectAccessible(page, 'dialog-individual-errors');

      await context.setOffline(true);
      await expect(dialog.getByTestId('signup-offline')).toContainText('Sem ligação');
      await expect(dialog.getByRole('button', { name: 'Começar Teste Grátis' })).toBeDisabled();
      await shot(page, `landing-dialog-offline-${size.name}`);
      await context.setOffline(false);
      await expect(dialog.getByTestId('signup-offline')).toHaveCount(0);

      // A pricing card opens the dialog preset to its plan, type and cycle.
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toHaveCount(0);
      const pricing = page.locator('#pricing');
      await pricing.getByRole('button', { name: 'Agentes Individuais' }).click();
      await pricing.getByRole('button', { name: /Anual/ }).click();
      await pricing.getByRole('button', { name: 'Subscrever o plano Básico' }).click();
      await expect(dialog.getByRole('tab', { name: 'Agente Individual' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(dialog.getByRole('combobox', { name: 'Plano' })).toHaveText(/Básico/);
      await expect(dialog.getByRole('button', { name: /Anual/ })).toHaveAttribute('aria-pressed', 'true');
      await expect(dialog.getByTestId('signup-plan-summary')).toContainText('299,00');
      await shot(page, `landing-dialog-individual-${size.name}`);
      await expectAccessible(page, 'dialog-individual');
    });

    test('a visitor signs up as an agency and logs in', async ({ page }) => {
      const email = uniqueEmail('agencia');
      const orgName = `Imobiliária Sol ${suffix()}`;
      const dialog = await openTrialFromHero(page);
      await dialog.getByLabel('Nome da organização').fill(orgName);
      await dialog.getByLabel('Nome do administrador').fill('Helena Marques');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Telefone').fill('912 345 678');
      await dialog.getByRole('combobox', { name: 'Número de agentes' }).click();
      await page.getByRole('option', { name: '6-10 agentes' }).click();
      await dialog
        .getByLabel(/^Palavra-passe/)
        .first()
        .fill(PASSWORD);

      // Step 2 held for a moment so the progress can be seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/organizations', async (route) => {
        await held;
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
      const progress = dialog.getByTestId('signup-progress');
      await expect(progress).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'A processar registo...' })).toBeDisabled();
      await shot(page, `landing-dialog-progress-${size.name}`);
      release();

      const success = dialog.getByTestId('signup-success');
      await expect(success).toContainText('Conta criada com sucesso!');
      await expect(success).toContainText('teste gratuito de 14 dias');
      await expect(success).toContainText('Estado: teste ativo');
      await expect(success).toContainText('Já pode iniciar sessão');
      await shot(page, `landing-dialog-success-${size.name}`);
      await expectAccessible(page, 'dialog-success');
      await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

      await loginAs(page, email, PASSWORD);
      const org = (await (await page.request.get('/api/organization')).json()) as Record<string, unknown>;
      expect(org).toMatchObject({ name: orgName, status: 'trial', plan: 'professional', maxUsers: 15 });
    });

    test('an individual agent signs up; a failed step 2 is retried without a second account', async ({
      page,
    }) => {
      const email = uniqueEmail('agente');
      const name = `Rui Tavares ${suffix()}`;
      await page.goto('/');
      const pricing = page.locator('#pricing');
      await pricing.getByRole('button', { name: 'Agentes Individuais' }).click();
      await pricing.getByRole('button', { name: 'Subscrever o plano Básico' }).click();
      const dialog = page.getByRole('dialog', { name: 'Começar Teste Grátis' });
      await dialog.getByLabel('Nome completo').fill(name);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Telefone').fill('+351 936 000 111');
      await dialog.getByLabel('Número de licença AMI').fill('AMI-98765');
      await dialog
        .getByLabel(/^Palavra-passe/)
        .first()
        .fill(PASSWORD);

      const registers: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/auth/register')) registers.push(r.method());
      });
      let failOnce = true;
      await page.route('**/api/organizations', async (route) => {
        if (failOnce) {
          failOnce = false;
          await route.abort('failed');
        } else await route.continue();
      });
      await dialog.getByRole('button', { name: 'Começar Teste Grátis' }).click();
      await expect(dialog.getByTestId('signup-error')).toHaveText(
        'Erro ao processar registo: Erro ao criar organização',
      );
      await shot(page, `landing-dialog-error-${size.name}`);
      await expectAccessible(page, 'dialog-error');

      await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(dialog.getByTestId('signup-success')).toContainText('Conta criada com sucesso!');
      expect(registers).toEqual(['POST']);
      await dialog.getByRole('button', { name: 'Iniciar Sessão' }).click();
      await expect(page).toHaveURL(/\/login$/);

      await loginAs(page, email, PASSWORD);
      const org = (await (await page.request.get('/api/organization')).json()) as Record<string, unknown>;
      expect(org).toMatchObject({ name: `${name} - Agente Individual`, status: 'trial', maxClients: 100 });
    });
  });
}
