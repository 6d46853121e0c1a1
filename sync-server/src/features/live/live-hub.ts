import type { LiveSignal } from '../../db/change-notify';

/** One open live stream: a signed-in device of one organization. */
export type LiveConnection = {
  organizationId: string;
  userId: string;
  /** A digest of the session id (never the id itself): a logout ends exactly this session's streams. */
  sessionKey: string;
  /** The session id, kept in this process only (to check at heartbeats that the session still exists). */
  sid: string;
  /** Writes one SSE frame; false when the socket is gone. */
  write(frame: string): boolean;
  end(): void;
};

export type LiveHubOptions = {
  /** Pokes to one connection are at most one per this many ms (the rest fold into the next). */
  coalesceMs?: number;
  /** A comment line this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
  /** The session ids (of those given) whose session still exists; run with every heartbeat. */
  liveSessions?: (sids: string[]) => Promise<Set<string>>;
  onError?: (err: unknown) => void;
};

type Entry = LiveConnection & { lastPokeAt: number; timer: NodeJS.Timeout | null };

export const POKE_FRAME = 'data: poke\n\n';
export const HEARTBEAT_FRAME = ': hb\n\n';

/**
 * This process's live streams, indexed by organization. A change signal pokes the organization's
 * streams (or one user's, for a private row), coalesced per stream; an end signal closes one
 * session's streams. Heartbeats also drop streams whose session expired or was removed.
 */
export class LiveHub {
  private readonly byOrg = new Map<string, Set<Entry>>();
  private readonly coalesceMs: number;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly opts: LiveHubOptions = {}) {
    this.coalesceMs = opts.coalesceMs ?? 150;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byOrg.values()) n += set.size;
    return n;
  }

  /** Registers a stream; returns its removal (call it when the socket closes). */
  add(connection: LiveConnection): () => void {
    if (this.closed) {
      connection.end();
      return () => undefined;
    }
    const entry: Entry = Object.assign(connection, { lastPokeAt: 0, timer: null });
    let set = this.byOrg.get(entry.organizationId);
    if (!set) this.byOrg.set(entry.organizationId, (set = new Set()));
    set.add(entry);
    this.startHeartbeat();
    return () => this.remove(entry);
  }

  private remove(entry: Entry): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    const set = this.byOrg.get(entry.organizationId);
    set?.delete(entry);
    if (set?.size === 0) this.byOrg.delete(entry.organizationId);
    if (this.size === 0) this.stopHeartbeat();
  }

  handle(signal: LiveSignal): void {
    if (signal.kind === 'end') {
      for (const entry of this.entries()) {
        if (entry.sessionKey === signal.sessionKey) this.drop(entry);
      }
      return;
    }
    for (const entry of this.byOrg.get(signal.organizationId) ?? []) {
      if (signal.userId === null || signal.userId === entry.userId) this.poke(entry);
    }
  }

  /** Pokes every stream (after the change feed was interrupted: something may have been missed). */
  pokeAll(): void {
    for (const entry of this.entries()) this.poke(entry);
  }

  private poke(entry: Entry): void {
    if (entry.timer) return; // one is already due: this change folds into it
    const wait = entry.lastPokeAt + this.coalesceMs - Date.now();
    const send = () => {
      entry.timer = null;
      entry.lastPokeAt = Date.now();
      if (!entry.write(POKE_FRAME)) this.drop(entry);
    };
    if (wait <= 0) send();
    else entry.timer = setTimeout(send, wait);
  }

  private drop(entry: Entry): void {
    this.remove(entry);
    entry.end();
  }

  private *entries(): Generator<Entry> {
    for (const set of [...this.byOrg.values()]) yield* [...set];
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), this.opts.heartbeatMs ?? 20_000);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private async beat(): Promise<void> {
    const entries = [...this.entries()];
    for (const entry of entries) if (!entry.write(HEARTBEAT_FRAME)) this.drop(entry);
    if (!this.opts.liveSessions || entries.length === 0) return;
    try {
      const alive = await this.opts.liveSessions([...new Set(entries.map((e) => e.sid))]);
      for (const entry of entries) if (!alive.has(entry.sid)) this.drop(entry);
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /** Ends every stream (shutdown): open streams must not hold the server's graceful close. */
  close(): void {
    this.closed = true;
    this.stopHeartbeat();
    for (const entry of this.entries()) this.drop(entry);
  }
}
