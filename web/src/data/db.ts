import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { MutationError, ReplicatedRow } from '@casa/shared-schema';
import { replicatedDexieStores, type MutationName, type SyncTable } from '@casa/shared-schema/values';
import { REPLICA_DB_PREFIX } from './sync-constants';

export type Row = Record<string, unknown> & { id: string };

/** One queued write: `mutationId` is the device's 1, 2, 3 … sent to the server as is. */
export type OutboxEntry = {
  mutationId: number;
  name: MutationName;
  args: Record<string, unknown>;
  /**
   * ISO time of the local write, i.e. when the agent acted: the optimistic rows' times, reused when the
   * mutation is re-applied, and sent as the push mutation's `actedAt` (the server keeps it, bounded).
   */
  createdAt: string;
  /** 'table/id' of every row its local effect wrote: their server versions are kept in `base`. */
  keys?: string[];
};

/** The server's last known version of a row that local mutations have changed (null: the server has none). */
export type BaseEntry = { table: SyncTable; id: string; row: Row | null };

export type RejectedMutation = OutboxEntry & { error: MutationError; rejectedAt: string };

export type MetaRecord = { key: string; value: unknown };

/**
 * v1, as the first installed apps created it (history: never edit). Indexes: every list, filter and sort
 * of the screens; booleans are not IndexedDB keys, so `completed`/`read` are filtered over the date indexes.
 */
export const SCHEMA_V1 = {
  clients: 'id, type, name, rating, agentId, updatedAt, [type+name]',
  tags: 'id, name',
  clientTags: 'id, clientId, tagId',
  followUps: 'id, clientId, scheduledDate, completedAt, [clientId+scheduledDate]',
  interactions: 'id, clientId, createdAt, [clientId+createdAt]',
  campaigns: 'id, createdAt, status',
  campaignClients: 'id, campaignId, clientId, [campaignId+clientId]',
  coldCalls: 'id, calledAt, campaignId, clientId, [campaignId+calledAt]',
  notifications: 'id, createdAt',
  users: 'id, email',
  userSettings: 'id',
  notificationPreferences: 'id',
  outbox: 'mutationId',
  meta: 'key',
  rejected: 'mutationId',
} as const;

/** v2: the rebase bookkeeping (server pre-images, applied mutations awaiting their pull). */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  base: '[table+id]',
  unconfirmed: 'mutationId',
} as const;

/**
 * v3: `snapshotSeen` — the rows a reset snapshot brought so far, while it refills a replica that already
 * had rows (the old rows stay readable until the snapshot completes, then the unseen ones go).
 */
export const SCHEMA_V3 = {
  ...SCHEMA_V2,
  snapshotSeen: '[table+id]',
} as const;

/**
 * v4: clients by `createdAt` — the dashboard counts this and last month's new clients and lists the newest
 * with index reads, before (and without) the in-memory client index of every client. (History, written
 * out when v6 added properties.)
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  users: 'id, email',
  userSettings: 'id',
  notificationPreferences: 'id',
  tags: 'id, name',
  clients: 'id, type, name, rating, agentId, updatedAt, [type+name], createdAt',
  clientTags: 'id, clientId, tagId',
  followUps: 'id, clientId, scheduledDate, completedAt, [clientId+scheduledDate]',
  interactions: 'id, clientId, createdAt, [clientId+createdAt]',
  campaigns: 'id, createdAt, status',
  campaignClients: 'id, campaignId, clientId, [campaignId+clientId]',
  coldCalls: 'id, calledAt, campaignId, clientId, [campaignId+calledAt]',
  notifications: 'id, createdAt',
} as const;

/** v5: `unconfirmed` goes — applied mutations were put there and cleared, never read. */
export const SCHEMA_V5 = { ...SCHEMA_V4, unconfirmed: null } as const;

/**
 * v6 (history since v7, written out): properties (Imóveis) and their photos — the replicated `properties` and `propertyPhotos` (metadata),
 * from the registry, and `photoUploads`, the photos taken on this device and not yet confirmed by a pull
 * (the blob kept until then: photo-outbox.ts). The newest version takes the replicated collections from
 * the registry (shared-schema sync/replicated-tables.ts); the older ones are history, as installed apps
 * created them. A changed index list in the registry gets a new version: write the old lists out here as
 * that history, then declare the next version from the registry (replicated-stores.test.ts checks the
 * newest one).
 */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  followUps: 'id, clientId, scheduledDate, completedAt, [clientId+scheduledDate]',
  properties: 'id, reference, status, concelho, ownerClientId, agentId, createdAt, [status+createdAt]',
  propertyPhotos: 'id, propertyId, [propertyId+position]',
  photoUploads: 'photoId, propertyId, state',
} as const;

/**
 * v7: follow-ups by `propertyId` — a property's visits (a follow-up of type Visita names its property)
 * are an index read. Taken from the registry, as the newest version is.
 */
export const SCHEMA_V7 = {
  ...SCHEMA_V6,
  ...replicatedDexieStores(),
};

export type SnapshotSeenEntry = { table: SyncTable; id: string };

/**
 * A photo taken on this device (photo-outbox.ts): 'pending' waits for its (next) upload, 'uploaded' was
 * accepted and waits for its replicated row, 'failed' was refused for good (`error`: the server's pt-PT text).
 */
export type PhotoUpload = {
  photoId: string;
  propertyId: string;
  blob: Blob;
  position: number;
  state: 'pending' | 'uploaded' | 'failed';
  attempts: number;
  /** Epoch ms before which no retry is made (backoff.ts). */
  nextAttemptAt: number;
  error: string | null;
  createdAt: string;
};

export { REPLICA_DB_PREFIX };

export function replicaDbName(userId: string): string {
  return `${REPLICA_DB_PREFIX}${userId}`;
}

/** Dexie's options (e.g. another `indexedDB` factory). */
export type DexieDeps = DexieOptions;

/** One Dexie table per replicated collection, typed by the registry's row schema. */
type ReplicatedTables = { [K in SyncTable]: Table<ReplicatedRow<K>, string> };

// The replicated tables' declarations come from the registry (Dexie creates them from `stores()`).
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface ReplicaDb extends ReplicatedTables {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ReplicaDb extends Dexie {
  outbox!: Table<OutboxEntry, number>;
  meta!: Table<MetaRecord, string>;
  rejected!: Table<RejectedMutation, number>;
  base!: Table<BaseEntry, [string, string]>;
  snapshotSeen!: Table<SnapshotSeenEntry, [string, string]>;
  photoUploads!: Table<PhotoUpload, string>;

  constructor(name: string, deps: DexieDeps = {}) {
    super(name, deps);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
    this.version(7).stores(SCHEMA_V7);
  }

  /** A replicated table by its contract name, untyped (the sync code moves rows it does not inspect). */
  replicated(table: SyncTable): Table<Row, string> {
    return this.table(table) as Table<Row, string>;
  }
}

/** Only the v1 schema: what an installed previous app version created (the migration test opens it). */
export class ReplicaDbV1 extends Dexie {
  constructor(name: string, deps: DexieDeps = {}) {
    super(name, deps);
    this.version(1).stores(SCHEMA_V1);
  }
}
