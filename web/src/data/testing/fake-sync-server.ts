import {
  boundedActedAt,
  can,
  pullQuerySchema,
  pushRequestSchema,
  REPLICATED_TABLES,
  SYNC_ERROR_CODES,
  SYNC_TABLES,
  type MutationResult,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  type Role,
  type SyncChange,
  type SyncTable,
} from '@casa/shared-schema';
import { MUTATION_EFFECTS } from '@casa/shared-schema/mutators';
import { MutationRejection, type MutationStore } from '@casa/shared-schema/mutators';
import { SyncHttpError } from '../transport';
import type { Row } from '../db';

type Member = { userId: string; role: Role; status: 'active' | 'suspended' };
type Change = { seq: number; table: SyncTable; id: string; userId: string | null };
type Device = { userId: string; lastMutationId: number; results: Map<number, MutationResult> };

/** Which user may pull a row of a per-user collection (null: every member), by the registry's scope. */
function ownerOf(table: SyncTable, row: Row): string | null {
  const { scope } = REPLICATED_TABLES[table];
  if (scope === 'user') return String(row.userId);
  if (scope === 'self') return row.id;
  return null;
}

/** One mutation's writes, visible to itself, committed only when it succeeds (the savepoint). */
class SavepointStore implements MutationStore {
  readonly writes = new Map<string, { table: SyncTable; row: Row }>();

  constructor(
    private readonly tables: Map<SyncTable, Map<string, Row>>,
    private readonly now: string,
  ) {}

  private current(table: SyncTable): Row[] {
    const rows = new Map(this.tables.get(table));
    for (const { table: t, row } of this.writes.values()) if (t === table) rows.set(row.id, row);
    return [...rows.values()].filter((r) => !r.deletedAt);
  }

  async get(table: SyncTable, id: string) {
    const written = this.writes.get(`${table}/${id}`);
    const row = written ? written.row : this.tables.get(table)?.get(id);
    return row && !row.deletedAt ? row : undefined;
  }
  async where(table: SyncTable, field: string, value: string) {
    return this.current(table).filter((r) => r[field] === value);
  }
  async all(table: SyncTable) {
    return this.current(table);
  }
  async put(table: SyncTable, row: Row) {
    this.writes.set(`${table}/${row.id}`, { table, row: { ...row } });
  }
  async remove(table: SyncTable, id: string) {
    const row = await this.get(table, id);
    if (row)
      this.writes.set(`${table}/${id}`, { table, row: { ...row, deletedAt: this.now, updatedAt: this.now } });
  }
  async removeWhere(table: SyncTable, field: string, value: string) {
    for (const row of await this.where(table, field, value)) await this.remove(table, row.id);
  }
}

/**
 * An in-process server that keeps the sync contract (shared-schema sync/contract.ts, docs/sync.md):
 * a per-organization change log with tombstones, paged snapshot + delta pulls, and pushes replayed in
 * order with the last mutationId and the recorded result per device (replays answer the recorded
 * result, gaps are refused). Mutations run through the same effects the device runs, each as a whole
 * or not at all. Durable state survives `restart()`.
 */
export class FakeSyncServer {
  readonly organizationId: string;
  readonly tables = new Map<SyncTable, Map<string, Row>>(SYNC_TABLES.map((t) => [t, new Map()]));
  private log: Change[] = [];
  private seq = 0;
  /** Cursors below this seq are no longer accepted: the device gets a full snapshot (reset). */
  private oldestCursor = 0;
  private readonly devices = new Map<string, Device>();
  readonly members = new Map<string, Member>();
  /** How many times each (clientId, mutationId) was applied (exactly-once check). */
  readonly applications = new Map<string, number>();
  down = false;
  private clock: () => Date;

  constructor(organizationId: string, clock: () => Date = () => new Date()) {
    this.organizationId = organizationId;
    this.clock = clock;
  }

  addMember(userId: string, role: Role = 'agent') {
    this.members.set(userId, { userId, role, status: 'active' });
    const now = this.clock().toISOString();
    this.write('users', {
      id: userId,
      organizationId: this.organizationId,
      email: `${userId.slice(0, 8)}@demo.pt`,
      firstName: 'Agente',
      lastName: null,
      phone: null,
      bio: null,
      profileImageUrl: null,
      authProvider: 'local',
      role,
      status: 'active',
      isSuperAdmin: false,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  setRole(userId: string, role: Role) {
    const m = this.members.get(userId);
    if (m) m.role = role;
  }

  suspend(userId: string) {
    const m = this.members.get(userId);
    if (m) m.status = 'suspended';
  }

  /** A server-side write (scheduler notification, another client's REST call…), logged like any other. */
  write(table: SyncTable, row: Row) {
    this.tables.get(table)!.set(row.id, row);
    this.append(table, row);
  }

  /** A restart loses nothing committed (the database survives); requests fail while it is down. */
  restart() {
    this.down = false;
  }

  /** Compaction: devices with an older cursor start over from a snapshot. */
  compact() {
    this.oldestCursor = this.seq;
  }

  private append(table: SyncTable, row: Row) {
    this.seq += 1;
    this.log.push({ seq: this.seq, table, id: row.id, userId: ownerOf(table, row) });
  }

  private auth(userId: string): Member {
    if (this.down) throw new TypeError('fetch failed');
    const member = this.members.get(userId);
    if (!member) throw new SyncHttpError(403, 'Não tem permissões para executar esta operação.', 'forbidden');
    if (member.status === 'suspended') {
      throw new SyncHttpError(
        403,
        'A sua conta foi suspensa. Por favor, contacte o administrador.',
        'suspended',
      );
    }
    return member;
  }

  private visible(userId: string) {
    return (table: SyncTable, row: Row) => {
      const owner = ownerOf(table, row);
      return owner === null || owner === userId;
    };
  }

  private queue: Promise<unknown> = Promise.resolve();

  /** Requests run one at a time, like writers of one organization on Postgres. */
  private serial<T>(fn: () => Promise<T> | T): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  push(userId: string, body: PushRequest): Promise<PushResponse> {
    return this.serial(() => this.pushNow(userId, body));
  }

  pull(userId: string, query: { cursor?: string; limit?: number }): Promise<PullResponse> {
    return this.serial(() => this.pullNow(userId, query));
  }

  private async pushNow(userId: string, body: PushRequest): Promise<PushResponse> {
    const member = this.auth(userId);
    const request = pushRequestSchema.parse(body);
    let device = this.devices.get(request.clientId);
    if (device && device.userId !== userId) {
      throw new SyncHttpError(403, 'Dispositivo de outro utilizador', SYNC_ERROR_CODES.foreignClient);
    }
    if (!device)
      this.devices.set(request.clientId, (device = { userId, lastMutationId: 0, results: new Map() }));
    const first = request.mutations[0]!.mutationId;
    if (first > device.lastMutationId + 1) {
      throw new SyncHttpError(409, 'Mutações em falta', SYNC_ERROR_CODES.gap, {
        lastMutationId: device.lastMutationId,
      });
    }
    const results: MutationResult[] = [];
    for (const m of request.mutations) {
      if (m.mutationId <= device.lastMutationId) {
        const recorded = device.results.get(m.mutationId);
        if (recorded) results.push({ ...recorded, replayed: true });
        continue;
      }
      const now = this.clock().toISOString();
      const store = new SavepointStore(this.tables, now);
      let result: MutationResult;
      try {
        await MUTATION_EFFECTS[m.name](
          {
            store,
            userId,
            organizationId: this.organizationId,
            canWrite: can(member, 'write'),
            now,
            actedAt: boundedActedAt(m.actedAt, now),
            newId: () => crypto.randomUUID(),
          },
          m.args,
        );
        for (const { table, row } of store.writes.values()) this.write(table, row);
        const key = `${request.clientId}/${m.mutationId}`;
        this.applications.set(key, (this.applications.get(key) ?? 0) + 1);
        result = { mutationId: m.mutationId, status: 'applied' };
      } catch (err) {
        if (!(err instanceof MutationRejection)) throw err;
        result = { mutationId: m.mutationId, status: 'rejected', error: err.toMutationError() };
      }
      device.lastMutationId = m.mutationId;
      device.results.set(m.mutationId, result);
      results.push(result);
    }
    return { lastMutationId: device.lastMutationId, results };
  }

  private pullNow(userId: string, query: { cursor?: string; limit?: number }): PullResponse {
    this.auth(userId);
    const { cursor, limit } = pullQuerySchema.parse(query);
    const visible = this.visible(userId);
    const snapshot = /^s(\d+):(\d+)$/.exec(cursor ?? '');
    const from = cursor && /^\d+$/.test(cursor) ? Number(cursor) : null;
    if (snapshot || from === null || from < this.oldestCursor) {
      // Snapshot: every live visible row, in pages; then the delta from the seq it started at.
      const at = snapshot ? Number(snapshot[1]) : this.seq;
      const offset = snapshot ? Number(snapshot[2]) : 0;
      const rows: SyncChange[] = [];
      for (const table of SYNC_TABLES) {
        for (const row of [...this.tables.get(table)!.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
          if (!row.deletedAt && visible(table, row)) rows.push({ op: 'put', table, id: row.id, row });
        }
      }
      const changes = rows.slice(offset, offset + limit);
      const more = offset + limit < rows.length;
      // Rows written while the snapshot was paged come with the delta: hasMore until the head.
      return {
        cursor: more ? `s${at}:${offset + limit}` : String(at),
        hasMore: more || this.seq > at,
        reset: !snapshot,
        changes,
      };
    }
    const page = this.log.filter((c) => c.seq > from && (c.userId === null || c.userId === userId));
    const taken = page.slice(0, limit);
    const seen = new Set<string>();
    const changes: SyncChange[] = [];
    for (const c of taken) {
      const key = `${c.table}/${c.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const row = this.tables.get(c.table)!.get(c.id)!;
      changes.push(
        row.deletedAt
          ? { op: 'delete', table: c.table, id: c.id }
          : { op: 'put', table: c.table, id: c.id, row },
      );
    }
    const last = taken.length ? taken[taken.length - 1]!.seq : Math.max(from, this.seq);
    return { cursor: String(last), hasMore: page.length > limit, reset: false, changes };
  }

  /** The last mutationId processed for a device (applied or rejected), 0 if unknown. */
  lastMutationIdOf(clientId: string): number {
    return this.devices.get(clientId)?.lastMutationId ?? 0;
  }

  rejectedCountOf(clientId: string): number {
    return [...(this.devices.get(clientId)?.results.values() ?? [])].filter((r) => r.status === 'rejected')
      .length;
  }

  /** Live rows a user sees, per table (what every replica must converge to). */
  stateFor(userId: string): Record<SyncTable, Row[]> {
    const visible = this.visible(userId);
    return Object.fromEntries(
      SYNC_TABLES.map((t) => [
        t,
        [...this.tables.get(t)!.values()]
          .filter((r) => !r.deletedAt && visible(t, r))
          .sort((a, b) => (a.id < b.id ? -1 : 1)),
      ]),
    ) as Record<SyncTable, Row[]>;
  }
}
