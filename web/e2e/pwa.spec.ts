import { expect, test, type Page } from '@playwright/test';
import { demo, loginAs } from './fixtures';

test('the manifest names the app in Portuguese, with icons and theme colour', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
    name: string;
    lang: string;
    display: string;
    theme_color: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Casa CRM', lang: 'pt-PT', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toBe('#1d4e89');
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the app opens with no network, with the cached user', async ({ page, context }) => {
    const me = await loginAs(page, demo.agent);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Olá, ${me.firstName}!`);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'offline');
    // Lazily loaded screens come from the precache too.
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Clientes' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await context.setOffline(false);
  });

  test('every screen reloads offline, its lazy chunks from the precache alone', async ({ page, context }) => {
    test.setTimeout(90_000);
    // Only the home was visited: the other screens' chunks were never requested, so they come from the
    // precache the worker filled on install (or the reload fails).
    await loginAs(page, demo.agent);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    const screens: [string, string][] = [
      ['/clients', 'Clientes'],
      ['/imoveis', 'Imóveis'],
      ['/followups', 'Follow-ups'],
      ['/coldcalls', 'Cold Calls'],
      ['/search', 'Pesquisa Avançada'],
      ['/reports', 'Relatórios'],
      ['/notifications', 'Notificações'],
      ['/settings', 'Configurações'],
      ['/perfil', 'Perfil'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await context.setOffline(false);
  });

  test('the service worker never answers API calls from a cache', async ({ page, context }) => {
    await loginAs(page, demo.viewer);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
    await context.setOffline(true);
    const status = await page.evaluate(async () => {
      try {
        return (await fetch('/api/auth/me')).status;
      } catch {
        return 'network error';
      }
    });
    expect(status).toBe('network error');
    await context.setOffline(false);
  });
});

async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
  return Date.now();
}

test.describe('install banner', () => {
  test('appears 2 s after the browser offers installation; Instalar opens the prompt', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByTestId('install-banner');
    await page.waitForTimeout(2500);
    await expect(banner).toHaveCount(0);
    const offeredAt = await offerInstall(page);
    await expect(banner).toBeVisible();
    expect(Date.now() - offeredAt).toBeGreaterThanOrEqual(1900);
    await expect(banner.getByRole('heading')).toHaveText('Instalar Casa CRM');
    // A desktop browser gets no phone help steps.
    await expect(banner.getByRole('list')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Instalar' }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  });

  test("'Mais tarde' is remembered for good", async ({ page }) => {
    await page.goto('/');
    await offerInstall(page);
    await page.getByTestId('install-banner').getByRole('button', { name: 'Mais tarde' }).click();
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
    await page.reload();
    await offerInstall(page);
    await page.waitForTimeout(2500);
    await expect(page.getByTestId('install-banner')).toHaveCount(0);
  });

  test.describe('on an iPhone', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 390, height: 844 },
    });

    test('shows the iOS steps without any browser event', async ({ page }) => {
      await page.goto('/');
      const banner = page.getByTestId('install-banner');
      await expect(banner).toBeVisible();
      await expect(banner.getByRole('listitem')).toHaveText([
        'Toque no botão Partilhar',
        "Escolha 'Adicionar ao Ecrã Principal'",
        "Toque em 'Adicionar'",
      ]);
      await page.screenshot({ path: 'test-results/screens/install-ios-390.png' });
    });
  });

  test.describe('on Android', () => {
    test.use({
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      viewport: { width: 390, height: 844 },
    });

    test('shows the Android steps with the prompt', async ({ page }) => {
      await page.goto('/');
      await offerInstall(page);
      const banner = page.getByTestId('install-banner');
      await expect(banner.getByRole('listitem')).toHaveText([
        'Abra o menu de três pontos do navegador',
        "Escolha 'Instalar aplicação' ou 'Adicionar ao ecrã inicial'",
        'Confirme',
      ]);
      await expect(banner.getByRole('button', { name: 'Instalar' })).toBeVisible();
    });
  });
});
