import AxeBuilder from '@axe-core/playwright';
import {
  errors,
  expect,
  request,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

/** The phone the app is designed for first (390 × 844 CSS px). */
export const PHONE = { width: 390, height: 844 };

/** Seeded demo accounts (sync-server db:seed); all share one password. */
export const DEMO_PASSWORD = 'Demo1234!';
export const demo = {
  admin: 'admin@demo.pt',
  agent: 'agente@demo.pt',
  viewer: 'viewer@demo.pt',
  superAdmin: 'super@demo.pt',
  otherOrgAdmin: 'admin@outra.pt',
} as const;

export type DemoRole = keyof typeof demo;

export type MeAnswer = { firstName: string | null; lastName: string | null; email: string; role: string };

/** Where the screenshots for a human look go (gitignored). */
export const SCREENS = 'test-results/screens';

/**
 * Opens a select (`combobox`) and picks `option`, once its menu has grown in. MUI's menu grows in (scale 0.75
 * → 1): on a loaded machine a click's press and release landed on two different items while it grew, so the
 * click reached neither, nothing was picked and the menu stayed open (a CI run, clients.spec.ts).
 */
export async function pickOption(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.evaluate((menu) =>
    Promise.all(
      (menu.closest('.MuiPaper-root') ?? menu)
        .getAnimations({ subtree: true })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.getByRole('option', { name: option, exact: true }).click();
  // While a menu is open MUI hides the rest of the page from the accessibility tree, so the next lookup
  // would wait out the test: say here that the menu did not close (a CI run waited 240 s on 'Tags').
  await expect(listbox).toHaveCount(0);
}

/** Logs in through the form and waits for the signed-in home; returns what /api/auth/me said. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<MeAnswer> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Palavra-passe/).fill(password);
  const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me') && r.status() === 200);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const answer = (await (await me).json()) as MeAnswer;
  await expect(page).toHaveURL(/\/$/);
  const home = answer.role === 'super_admin' ? 'Administração SaaS' : /^Olá, /;
  await expect(page.getByRole('heading', { level: 1, name: home })).toBeVisible();
  return answer;
}

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What storageState({ indexedDB: true }) adds to each origin (not in Playwright's types). */
type SavedRecord = { key?: unknown; value?: unknown; keyEncoded?: unknown; valueEncoded?: unknown };
type SavedDb = { name: string; stores: { name: string; records: SavedRecord[] }[] };

/** One saved session per demo account and worker process (module state lives as long as the worker). */
const savedSessions = new Map<string, Promise<SavedSession>>();

/** The replica's meta records that name the device: each restored context must be a device of its own. */
const DEVICE_META = new Set(['clientId', 'nextMutationId']);

function replicaOf(state: SavedSession): SavedDb | undefined {
  return state.origins
    .flatMap((o) => (o as { indexedDB?: SavedDb[] }).indexedDB ?? [])
    .find((db) => db.name.startsWith('casa-replica-'));
}

/** The meta table's key of a record (its keyPath is `key`). */
const metaKey = (record: SavedRecord) => String((record.value as { key?: unknown } | undefined)?.key);

/**
 * Logs `email` in once, in a context of its own, waits for the first complete pull into the replica, and
 * keeps the cookies, localStorage and IndexedDB, minus the device id and mutation counter.
 */
async function saveSession(browser: Browser, baseURL: string | undefined, email: string) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-PT',
    timezoneId: 'Europe/Lisbon',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const me = await loginAs(page, email);
    let state = await context.storageState({ indexedDB: true });
    if (me.role !== 'super_admin') {
      // A member's replica is complete once a pull has stored its cursor and nothing waits in the outbox.
      await expect
        .poll(
          async () => {
            state = await context.storageState({ indexedDB: true });
            const replica = replicaOf(state);
            const outbox = replica?.stores.find((s) => s.name === 'outbox')?.records.length ?? 0;
            const meta = replica?.stores.find((s) => s.name === 'meta')?.records ?? [];
            return meta.some((r) => metaKey(r) === 'cursor') && outbox === 0;
          },
          { message: `the first sync of ${email} completes`, timeout: 30_000 },
        )
        .toBe(true);
      for (const store of replicaOf(state)?.stores ?? []) {
        if (store.name === 'meta') store.records = store.records.filter((r) => !DEVICE_META.has(metaKey(r)));
      }
    }
    return state;
  } finally {
    await context.close();
  }
}

/**
 * Signs the page's context in as a demo account without the login form: restores a session that this
 * worker logged in once (cookies, the cached user and the synced replica), so the app opens signed in and
 * only pulls what changed since. Call it before the page's first navigation. For tests that only need
 * "signed in as X"; the login form, logout and the first sync have tests of their own that use loginAs.
 * Never use it for a test that logs out or gets the session ended: the other tests share that session.
 */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  const key = `${baseURL} ${role}`;
  let saved = savedSessions.get(key);
  if (!saved) {
    const browser = page.context().browser();
    if (!browser) throw new Error('signInAs needs a page of a launched browser');
    saved = saveSession(browser, baseURL, demo[role]);
    savedSessions.set(key, saved);
    saved.catch(() => savedSessions.delete(key));
  }
  await page.context().setStorageState(await saved);
}

/**
 * Opens `path` of a member's app and waits until the replica has applied the sync pull that the page load
 * starts (a restored replica shows its saved rows at once; figures read before that pull may be stale).
 */
export async function gotoSynced(page: Page, path: string): Promise<void> {
  const pulled = page.waitForResponse((r) => r.url().includes('/api/sync/pull') && r.ok());
  await page.goto(path);
  await pulled;
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });
}

/** Signed in as a demo account (see signInAs) and on the home page. */
export async function openHome(page: Page, role: DemoRole): Promise<void> {
  await signInAs(page, role);
  await page.goto('/');
  const home = role === 'superAdmin' ? 'Administração SaaS' : /^Olá, /;
  await expect(page.getByRole('heading', { level: 1, name: home })).toBeVisible();
}

/** A new page in a context of its own, signed in as a demo account (see signInAs). */
export async function newSignedInPage(browser: Browser, role: DemoRole): Promise<Page> {
  const page = await browser.newPage();
  await signInAs(page, role);
  return page;
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@teste.pt`;
}

/** The double-submit CSRF header the app sends with every write (the page must have loaded once). */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

/**
 * A call straight to the API with the page's session and the CSRF header, as the app makes it; fails the
 * test unless the answer is 2xx. Answers the parsed body (null for a 204).
 */
export async function api<T = { id: string } & Record<string, unknown>>(
  page: Page,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: object,
): Promise<T> {
  const answer = await page.request[method](path, { data, headers: await csrfHeaders(page) });
  expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (answer.status() === 204 ? null : await answer.json()) as T;
}

/** Creates an account straight through the API (the page must have loaded once, for the CSRF cookie). */
export async function registerViaApi(page: Page, email: string, password: string, fullName = 'Conta Teste') {
  await api(page, 'post', '/api/auth/register', { email, password, fullName, organizationName: null });
}

/**
 * A fresh account (organization admin of a new organization), logged in through the API (the login form
 * has tests of its own) and on the signed-in home, for tests that need exact counts or change the user.
 */
export async function loginAsNewUser(page: Page, prefix = 'e2e'): Promise<{ email: string; me: MeAnswer }> {
  const email = uniqueEmail(prefix);
  // Any API answer brings the CSRF cookie.
  expect((await page.request.get('/api/health')).ok()).toBe(true);
  await registerViaApi(page, email, 'Segura123!', 'Teste Novo');
  const me = await api<MeAnswer>(page, 'post', '/api/auth/login', { email, password: 'Segura123!' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Olá, / })).toBeVisible();
  return { email, me };
}

/**
 * Fills in and submits the login form in a new browser context (another person's device), without
 * waiting for any outcome: the caller checks where it lands.
 */
export async function submitLogin(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Palavra-passe/).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  return { context, page, close: () => context.close() };
}

/**
 * Waits until no finite CSS animation or transition runs (dialogs, tabs, popovers and toasts settled), for
 * at most `timeout` ms: a screen that keeps animating is taken as it is.
 */
export async function settled(page: Page, timeout = 5_000): Promise<void> {
  try {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout },
    );
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
}

/** A screenshot for a human look: `test-results/screens/<name>.png`, once the screen has settled. */
export async function shot(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage });
}

/** No serious or critical axe violation (WCAG 2.1 A and AA) on what the page shows once it has settled. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  await settled(page);
  let serious = await seriousViolations(page, name);
  // A toast that starts to fade in or out between `settled` and the scan is measured at part opacity, so
  // its contrast reads low (a CI run failed so on "Cliente criado com sucesso!"). A real violation is
  // still there once the page has settled again; a passing fade is not.
  if (serious.length) {
    await settled(page);
    await page.waitForTimeout(500);
    await settled(page);
    serious = await seriousViolations(page, name);
  }
  expect(serious).toEqual([]);
}

async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
}

export type NotificationAnswer = { id: string; type: string; title: string; read: boolean };

/** The signed-in user's notifications as the server has them (the page's cookies). */
export async function serverNotifications(page: Page, limit = 50): Promise<NotificationAnswer[]> {
  const answer = await page.request.get(`/api/notifications?limit=${limit}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { notifications: NotificationAnswer[] }).notifications;
}

/** `n` system notifications of the signed-in user ('Aviso 1' the newest), as the sync pull sends them. */
export function fakeNotificationRows(n: number, read = false) {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    organizationId: null,
    userId: '00000000-0000-4000-8000-000000000000',
    type: 'system',
    title: `Aviso ${i + 1}`,
    body: null,
    read,
    readAt: read ? '2026-11-22T10:00:00.000Z' : null,
    data: null,
    createdAt: new Date(Date.parse('2026-11-22T09:00:00.000Z') - i * 60_000).toISOString(),
    updatedAt: '2026-11-22T09:00:00.000Z',
  }));
}

/**
 * Serves every sync pull from `rows()` as a full snapshot of the user's notifications (the replica is
 * cleared and refilled), optionally held until `release` resolves.
 */
export async function fakeNotificationPulls(page: Page, rows: () => object[], release?: Promise<void>) {
  await page.route('**/api/sync/pull*', async (route) => {
    if (release) await release;
    const changes = rows().map((row) => ({
      op: 'put',
      table: 'notifications',
      id: (row as { id: string }).id,
      row,
    }));
    await route.fulfill({ json: { cursor: 'e2e', hasMore: false, reset: true, changes } });
  });
}

/** A signed-out API session of its own (not the page's cookies), with the CSRF header of its own cookie. */
async function apiSession(baseURL: string | undefined) {
  const session = await request.newContext({ baseURL });
  expect((await session.get('/api/health')).ok()).toBe(true);
  const csrf = async () => ({
    'X-CSRF-Token': (await session.storageState()).cookies.find((c) => c.name === 'csrf_token')?.value ?? '',
  });
  const call = async <T = { id: string }>(method: 'post' | 'put', path: string, data: object) => {
    const answer = await session[method](path, { data, headers: await csrf() });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (await answer.json()) as T;
  };
  return { call, dispose: () => session.dispose() };
}

/**
 * An organization of its own whose admin has `joins` real, unread notifications ('Novo utilizador: <name>', one
 * per person who signed up with the organization's e-mail domain), made through the API: no scheduler job
 * and no other journey touches this organization, so its notifications and their count stay as made.
 * Answers the admin's e-mail (password DEMO_PASSWORD) and the names of those who joined, newest last.
 */
export async function organizationWithNotifications(joins = 2): Promise<{ email: string; joined: string[] }> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const domain = `notif-${id}.pt`;
  const superAdmin = await apiSession(test.info().project.use.baseURL);
  try {
    await superAdmin.call('post', '/api/auth/login', { email: demo.superAdmin, password: DEMO_PASSWORD });
    const org = await superAdmin.call('post', '/api/saas/organizations', {
      name: `Agência Notificações ${id}`,
      email: `agencia-${id}@teste.pt`,
      maxUsers: 10,
      maxClients: 100,
    });
    const email = `admin-${id}@teste.pt`;
    await superAdmin.call('post', '/api/saas/users', {
      firstName: 'Gestora',
      lastName: 'Notificações',
      email,
      role: 'admin',
      status: 'active',
      organizationId: org.id,
      password: DEMO_PASSWORD,
    });
    await superAdmin.call('put', `/api/organizations/${org.id}/registration-settings`, {
      enabled: true,
      requireApproval: false,
      allowedDomains: [domain],
    });
    const joined: string[] = [];
    for (let i = 1; i <= joins; i++) {
      const visitor = await apiSession(test.info().project.use.baseURL);
      const fullName = `Membro ${i} ${id}`;
      await visitor.call('post', '/api/auth/register', {
        email: `membro${i}.${id}@${domain}`,
        password: 'Segura123!',
        fullName,
        organizationName: null,
      });
      await visitor.dispose();
      joined.push(fullName);
    }
    return { email, joined };
  } finally {
    await superAdmin.dispose();
  }
}
