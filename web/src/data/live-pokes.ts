import { SYNC_LIVE_PATH } from '@casa/shared-schema/values';
import { backoffDelay } from './backoff';

/** The server's live stream of pokes (sync-server features/live; docs/sync.md "Live pokes"). */
export const LIVE_PATH = SYNC_LIVE_PATH;

/** What the engine needs of a browser EventSource (tests pass a fake). */
export type EventSourceLike = {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close(): void;
};

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
};

export type LivePokesOptions = {
  open: (url: string) => EventSourceLike;
  timers: Timers;
  /** The server says the change log advanced: pull. */
  onPoke: () => void;
  /** The stream is held (true) or lost (false). */
  onLive: (live: boolean) => void;
};

/**
 * Holds one live stream while the device is online. A poke calls `onPoke` (the engine coalesces it with
 * a pull in flight); a lost stream is reopened with the engine's backoff (1 s … 60 s). The 30 s poll
 * runs regardless, so a stream that cannot be held (a proxy that buffers, an old server) costs nothing
 * but the poll's latency.
 */
export class LivePokes {
  private source: EventSourceLike | null = null;
  private retry: unknown = null;
  private failures = 0;
  private wanted = false;

  constructor(private readonly opts: LivePokesOptions) {}

  /** Opens the stream (again at once, after `online`) unless one is held. */
  connect(): void {
    this.wanted = true;
    if (this.source) return;
    this.opts.timers.clearTimeout(this.retry);
    this.retry = null;
    const source = this.opts.open(LIVE_PATH);
    this.source = source;
    source.onopen = () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.opts.onLive(true);
      this.opts.onPoke(); // changes made while the stream was down
    };
    source.onmessage = (ev) => {
      if (this.source === source && ev.data === 'poke') this.opts.onPoke();
    };
    source.onerror = () => {
      if (this.source !== source) return;
      // EventSource would retry on its own, but not after an HTTP error (401, 5xx): one policy for both.
      this.drop();
      if (!this.wanted) return;
      this.failures += 1;
      this.retry = this.opts.timers.setTimeout(() => {
        this.retry = null;
        if (this.wanted) this.connect();
      }, backoffDelay(this.failures));
    };
  }

  /** Closes the stream (offline, signed out, engine stopped). */
  disconnect(): void {
    this.wanted = false;
    this.opts.timers.clearTimeout(this.retry);
    this.retry = null;
    this.drop();
  }

  private drop(): void {
    const source = this.source;
    this.source = null;
    if (!source) return;
    source.onopen = source.onmessage = source.onerror = null;
    source.close();
    this.opts.onLive(false);
  }
}
