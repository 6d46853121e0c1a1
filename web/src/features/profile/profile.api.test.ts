import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@casa/shared-schema';
import { createApiClient } from '../../lib/api';
import { loadProfileOrCached, saveProfileOffline } from './profile.api';

const user: CurrentUser = {
  id: '0b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10',
  organizationId: '1b3f2b59-9a54-4c1e-8e0b-3f5f2f1c9a10',
  organizationName: 'Casa',
  role: 'agent',
  firstName: 'Ana',
  lastName: 'Silva',
  email: 'ana@exemplo.pt',
  profileImageUrl: null,
  status: 'active',
  isSuperAdmin: false,
};

const clientAnswering = (fetch: typeof globalThis.fetch) =>
  createApiClient({ fetch, getCookie: () => 'csrf', onSuspended: () => undefined });

describe('loadProfileOrCached (/perfil and Configurações › Perfil)', () => {
  it('offline (no answer at all), shows the signed-in user the device knows instead of an error', async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadProfileOrCached(user, offline)).resolves.toEqual({
      offline: true,
      // No replica row with the phone and bio: saving would blank them, so read-only.
      editable: false,
      profile: {
        id: user.id,
        firstName: 'Ana',
        lastName: 'Silva',
        email: 'ana@exemplo.pt',
        phone: null,
        bio: null,
        profileImageUrl: null,
        role: 'agent',
        organizationId: user.organizationId,
        status: 'active',
      },
    });
  });

  it('online, answers the server profile', async () => {
    const profile = { id: user.id, firstName: 'Ana', phone: '912345678' };
    const online = clientAnswering(() => Promise.resolve(Response.json(profile)));
    await expect(loadProfileOrCached(user, online)).resolves.toEqual({
      offline: false,
      editable: true,
      profile,
    });
  });

  it("offline, edits the replica's own row when it carries the phone and bio", async () => {
    const offline = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    const row = { ...user, firstName: 'Inês', lastName: null, phone: '912345678', bio: 'Lisboa' };
    const loaded = await loadProfileOrCached(user, offline, () => Promise.resolve(row));
    expect(loaded).toMatchObject({
      offline: true,
      editable: true,
      profile: { firstName: 'Inês', lastName: null, phone: '912345678', bio: 'Lisboa', email: user.email },
    });
    // A row pulled before the replica carried the phone (no key at all) stays read-only.
    const { phone: _old, ...before } = row;
    expect(await loadProfileOrCached(user, offline, () => Promise.resolve(before))).toMatchObject({
      editable: false,
      profile: { firstName: 'Ana', phone: null },
    });
  });

  it('saveProfileOffline queues the whole form without any password, once', async () => {
    const queued: unknown[] = [];
    const sync = { mutate: { updateProfile: (args: unknown) => void queued.push(args) } };
    await saveProfileOffline(sync as never, {
      firstName: 'Inês',
      email: user.email,
      phone: '912345678',
      bio: null,
      currentPassword: 'nunca',
    });
    expect(queued).toEqual([{ firstName: 'Inês', email: user.email, phone: '912345678', bio: null }]);
  });

  it('a server error stays an error (the screen says so)', async () => {
    const failing = clientAnswering(() =>
      Promise.resolve(Response.json({ error: 'Erro interno' }, { status: 500 })),
    );
    await expect(loadProfileOrCached(user, failing)).rejects.toThrow('Falha ao carregar perfil');
  });
});
