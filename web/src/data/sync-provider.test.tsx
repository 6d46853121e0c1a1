import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, use } from 'react';
import type { CurrentUser } from '@casa/shared-schema';
import { settle, showing, textRoot, type TextRoot } from '../lib/testing/text-root';
import { SyncClientProvider, useSyncClient } from './sync-provider';

// The replica and its loop are not what is tested here: a client object stands for them.
const fakeClient = { engine: { stop: vi.fn() }, setSession: vi.fn() };
vi.mock('./sync-client', () => ({ openSyncClient: () => Promise.resolve(fakeClient) }));

const agent = {
  id: 'u1',
  organizationId: 'o1',
  role: 'agent',
  isSuperAdmin: false,
} as unknown as CurrentUser;
const never = new Promise<never>(() => {});

let root: TextRoot | undefined;
afterEach(() => root?.unmount());

describe('SyncClientProvider', () => {
  it('hands the opened client to its readers', async () => {
    function Reader() {
      return useSyncClient() ? 'client' : 'opening';
    }
    root = textRoot();
    root.render(
      <SyncClientProvider user={agent}>
        <Reader />
      </SyncClientProvider>,
    );
    await showing(root, 'client');
  });

  it('renders the client’s arrival in a transition: a screen that suspends on it keeps what it showed', async () => {
    // Synchronously the suspended screen would give way to the Suspense fallback.
    function Screen() {
      if (useSyncClient()) use(never);
      return 'opening';
    }
    root = textRoot();
    root.render(
      <SyncClientProvider user={agent}>
        <Suspense fallback="fallback">
          <Screen />
        </Suspense>
      </SyncClientProvider>,
    );
    await showing(root, 'opening');
    await settle(300);
    expect(root.text()).toBe('opening');
  });
});
