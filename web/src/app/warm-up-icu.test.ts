import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIcu } from './warm-up-icu';

type FakeWorker = {
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  terminate: ReturnType<typeof vi.fn>;
};

function fakeWorker(): FakeWorker {
  return { onmessage: null, onerror: null, terminate: vi.fn() };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('warmUpIcu', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the worker, then ends it', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const warming = warmUpIcu(400, () => worker as unknown as Worker);
    expect(await settled(warming)).toBe(false);
    worker.onmessage!(new MessageEvent('message', { data: 'ready' }));
    expect(await settled(warming)).toBe(true);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('lets the start go on when the worker is slower than the limit', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const warming = warmUpIcu(400, () => worker as unknown as Worker);
    await vi.advanceTimersByTimeAsync(399);
    expect(await settled(warming)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(warming)).toBe(true);
    expect(worker.terminate).toHaveBeenCalledTimes(1);
  });

  it('lets the start go on when the worker fails', async () => {
    vi.useFakeTimers();
    const worker = fakeWorker();
    const warming = warmUpIcu(400, () => worker as unknown as Worker);
    worker.onerror!(new Event('error') as ErrorEvent);
    expect(await settled(warming)).toBe(true);
  });

  it('does not wait where there is no worker, or it cannot start', async () => {
    await expect(warmUpIcu(400, () => null)).resolves.toBeUndefined();
    await expect(
      warmUpIcu(400, () => {
        throw new Error('SecurityError');
      }),
    ).resolves.toBeUndefined();
  });
});
