import { useSyncExternalStore } from 'react';

/**
 * The current time for what a screen shows from it (relative times, "Hoje" and "Em Atraso", an uptime),
 * renewed every `stepMs` by one timer per step shared by every reader: the rows of a list each showing
 * "há 5m" read the same instant and move on together, and a row re-renders for the clock alone
 * (`RelativeTime`, ui/) instead of the whole list rendering again to refresh its times (issue 19).
 * A page coming back into view (a phone unlocked after an hour) renews every clock at once: background
 * timers are throttled or frozen.
 */
type Clock = {
  now: Date;
  readonly listeners: Set<() => void>;
  timer?: ReturnType<typeof setInterval>;
  readonly subscribe: (listener: () => void) => () => void;
  readonly read: () => Date;
};

const clocks = new Map<number, Clock>();

/** A clock nobody listens to is read fresh when it is a second or more off (either way: tests move time). */
const IDLE_SLACK_MS = 1_000;

function renew(clock: Clock) {
  clock.now = new Date();
  for (const listener of [...clock.listeners]) listener();
}

function renewAll() {
  if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
  for (const clock of clocks.values()) if (clock.listeners.size > 0) renew(clock);
}

let watchingVisibility = false;
function watchVisibility() {
  if (watchingVisibility || typeof document === 'undefined') return;
  watchingVisibility = true;
  document.addEventListener('visibilitychange', renewAll);
}

function clockOf(stepMs: number): Clock {
  const known = clocks.get(stepMs);
  if (known) return known;
  const clock: Clock = {
    now: new Date(),
    listeners: new Set(),
    subscribe(listener) {
      clock.listeners.add(listener);
      if (clock.timer === undefined) {
        clock.timer = setInterval(() => renew(clock), stepMs);
        watchVisibility();
      }
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size > 0 || clock.timer === undefined) return;
        clearInterval(clock.timer);
        clock.timer = undefined;
      };
    },
    read() {
      if (clock.listeners.size === 0 && Math.abs(Date.now() - clock.now.getTime()) >= IDLE_SLACK_MS)
        clock.now = new Date();
      return clock.now;
    },
  };
  clocks.set(stepMs, clock);
  return clock;
}

/** The shared instant of the `stepMs` clock (60 s unless given); the caller re-renders when it moves. */
export function useNow(stepMs = 60_000): Date {
  const clock = clockOf(stepMs);
  return useSyncExternalStore(clock.subscribe, clock.read, clock.read);
}

/** How many of the `stepMs` clock's timers run (tests: one per step, none once nobody reads it). */
export function runningClockTimers(stepMs: number): number {
  return clocks.get(stepMs)?.timer === undefined ? 0 : 1;
}
