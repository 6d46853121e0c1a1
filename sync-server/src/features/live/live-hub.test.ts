import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_FRAME, LiveHub, POKE_FRAME, type LiveConnection } from './live-hub';

afterEach(() => vi.useRealTimers());

function conn(organizationId: string, userId: string, sid = `sid-${userId}`) {
  const frames: string[] = [];
  let ended = false;
  const c: LiveConnection & { frames: string[]; ended: () => boolean } = {
    organizationId,
    userId,
    sessionKey: `key-${sid}`,
    sid,
    frames,
    ended: () => ended,
    write: (frame) => (frames.push(frame), !ended),
    end: () => void (ended = true),
  };
  return c;
}
const pokes = (c: { frames: string[] }) => c.frames.filter((f) => f === POKE_FRAME).length;

describe('LiveHub', () => {
  it('pokes the organization, or one user for a private change, and coalesces a burst', () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ coalesceMs: 150 });
    const [a, b, other] = [conn('o1', 'u1'), conn('o1', 'u2'), conn('o2', 'u3')];
    [a, b, other].forEach((c) => hub.add(c));
    hub.handle({ kind: 'change', organizationId: 'o1', userId: null });
    expect([pokes(a), pokes(b), pokes(other)]).toEqual([1, 1, 0]);
    hub.handle({ kind: 'change', organizationId: 'o1', userId: 'u2' });
    hub.handle({ kind: 'change', organizationId: 'o1', userId: 'u2' });
    expect(pokes(b)).toBe(1); // folded into the one due at the end of the window
    vi.advanceTimersByTime(150);
    expect([pokes(a), pokes(b), pokes(other)]).toEqual([1, 2, 0]);
    hub.close();
  });

  it('ends one session at its end signal, expired sessions at the heartbeat, and all at close', async () => {
    vi.useFakeTimers();
    const hub = new LiveHub({ heartbeatMs: 1000, liveSessions: async () => new Set(['sid-u2', 'sid-u3']) });
    const [a, b, c, d] = [conn('o1', 'u1'), conn('o1', 'u2'), conn('o1', 'u3'), conn('o1', 'u4')];
    [a, b, c, d].forEach((x) => hub.add(x));
    hub.handle({ kind: 'end', sessionKey: 'key-sid-u4' });
    expect([a, b, c, d].map((x) => x.ended())).toEqual([false, false, false, true]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(b.frames).toContain(HEARTBEAT_FRAME);
    expect([a, b, c].map((x) => x.ended())).toEqual([true, false, false]);
    expect(hub.size).toBe(2);
    hub.close();
    expect([b, c].map((x) => x.ended())).toEqual([true, true]);
    expect(hub.size).toBe(0);
    const late = conn('o1', 'u5');
    hub.add(late);
    expect(late.ended()).toBe(true);
  });
});
