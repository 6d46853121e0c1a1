import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { Property, PropertyPhoto } from '@casa/shared-schema';
import { api, csrfHeaders, gotoSynced, PHONE, signInAs } from './fixtures';
import { pngBuffer } from './test-images';

// The gallery's photo menu on a phone (issue 20), offline: make a photo the cover, move one, delete one; back
// online the server holds the same gallery, each change applied once.

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 120_000 });

/** A property of its own with three uploaded photos (ids in upload order). */
async function propertyWithThreePhotos(page: Page): Promise<{ property: Property; ids: string[] }> {
  const property = await api<Property>(page, 'post', '/api/properties', {
    title: `e2e Galeria ${randomUUID().slice(0, 8)}`,
    business: 'Venda',
    propertyType: 'Apartamento',
  });
  const ids: string[] = [];
  for (const rgb of [
    [200, 40, 40],
    [40, 160, 40],
    [40, 40, 200],
  ] as Array<[number, number, number]>) {
    const id = randomUUID();
    const answer = await page.request.post(`/api/properties/${property.id}/photos`, {
      headers: await csrfHeaders(page),
      multipart: { id, photo: { name: 'foto.png', mimeType: 'image/png', buffer: pngBuffer(rgb) } },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    ids.push(id);
  }
  return { property, ids };
}

const serverGallery = async (page: Page, propertyId: string) =>
  (await api<PropertyPhoto[]>(page, 'get', `/api/properties/${propertyId}/photos`)).map((p) => [
    p.id,
    p.isCover,
  ]);

test('offline, the photo menu makes a cover, moves and deletes; online, the server has the same gallery', async ({
  page,
  context,
}) => {
  await signInAs(page, 'agent');
  await page.goto('/');
  const { property, ids } = await propertyWithThreePhotos(page);
  const [red, green, blue] = ids as [string, string, string];
  await gotoSynced(page, `/imoveis/${property.id}`);
  const gallery = page.getByTestId('property-gallery');
  await expect(gallery.getByTestId('gallery-photo')).toHaveCount(3);
  await expect(gallery.getByText('Capa')).toHaveCount(1);

  /** Swipes (by its dot) to photo `n` of `count`, as the agent would, and opens its menu. */
  const openMenu = async (n: number, count: number) => {
    await gallery.getByRole('button', { name: `Ir para a fotografia ${n}` }).click();
    await expect(gallery.getByTestId('gallery-counter')).toHaveText(`${n} / ${count}`);
    await gallery.getByRole('button', { name: `Opções da fotografia ${n}` }).click();
  };

  await context.setOffline(true);
  // The third photo becomes the cover: it goes first.
  await openMenu(3, 3);
  await page.getByRole('menuitem', { name: 'Definir como capa' }).click();
  // The (new) second photo, red, moves right: blue, green, red.
  await expect(gallery.getByTestId('gallery-counter')).toHaveText('1 / 3');
  await openMenu(2, 3);
  await expect(page.getByRole('menuitem', { name: 'Mover para a esquerda' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Mover para a direita' }).click();
  // The last one (red) is deleted, after the confirmation.
  await expect(gallery.getByTestId('gallery-counter')).toHaveText('3 / 3');
  await openMenu(3, 3);
  await expect(page.getByRole('menuitem', { name: 'Mover para a esquerda' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Mover para a direita' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Eliminar fotografia' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar fotografia?' });
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(gallery.getByTestId('gallery-photo')).toHaveCount(2);
  // The photo before the deleted last one is shown.
  await expect(gallery.getByTestId('gallery-counter')).toHaveText('2 / 2');
  // Nothing reached the server yet (the test's own API calls are not the page's, so not offline).
  expect(await serverGallery(page, property.id)).toHaveLength(3);
  await context.setOffline(false);

  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 });
  await expect
    .poll(() => serverGallery(page, property.id), { timeout: 30_000 })
    .toEqual([
      [blue, true],
      [green, false],
    ]);
  const positions = (await api<PropertyPhoto[]>(page, 'get', `/api/properties/${property.id}/photos`)).map(
    (p) => p.position,
  );
  expect(positions).toEqual([0, 1]);
  // The deleted photo's bytes are gone too.
  expect((await page.request.get(`/api/properties/${property.id}/photos/${red}/thumb`)).status()).toBe(404);
});
