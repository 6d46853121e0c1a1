import { replicatedDbTables } from '@casa/shared-schema';

/**
 * Per-table column kinds that the drivers do not return in wire shape (see rows.ts).
 * Timestamp columns are recognised by name: every `*_at` column plus TIMESTAMP_COLUMNS, unless listed in `integers`.
 */
export type TableSpec = {
  readonly booleans?: readonly string[];
  readonly json?: readonly string[];
  readonly decimals?: readonly string[];
  /** bigint/integer columns that may come back as strings (pg int8) and must be numbers on the wire. */
  readonly integers?: readonly string[];
};

export const TIMESTAMP_COLUMNS: ReadonlySet<string> = new Set(['scheduled_date', 'follow_up_date']);

const NOTIFICATION_FLAGS = [
  'follow_ups',
  'birthdays',
  'overdue_tasks',
  'new_clients',
  'cold_calls',
  'system_alerts',
  'property_matches',
  'email_notifications',
  'push_notifications',
] as const;

export const TABLES = {
  packages: {
    booleans: ['is_active'],
    json: ['features', 'limitations'],
    decimals: ['price', 'yearly_price'],
  },
  organizations: { booleans: ['is_protected'], json: ['settings'], integers: ['change_seq'] },
  users: { booleans: ['is_super_admin'], integers: ['session_generation'] },
  user_photos: {},
  sessions: { integers: ['expires_at'] },
  login_failures: { integers: ['id'] },
  rate_limit_hits: { integers: ['id'] },
  notification_preferences: { booleans: NOTIFICATION_FLAGS },
  user_settings: { json: ['settings'] },
  push_devices: { json: ['device_info'] },
  subscriptions: {},
  registration_settings: {
    booleans: ['enabled', 'require_approval', 'invitation_only'],
    json: ['allowed_domains', 'custom_fields', 'max_users_per_role'],
  },
  clients: { json: ['tags', 'custom_fields'] },
  tags: {},
  client_tags: {},
  follow_ups: { booleans: ['completed'] },
  client_interactions: { booleans: ['follow_up_required'] },
  cold_call_campaigns: { json: ['filters'] },
  campaign_clients: {},
  cold_calls: { booleans: ['follow_up_needed'] },
  notifications: { booleans: ['read'], json: ['data'] },
  properties: {
    booleans: ['mediation_exclusive'],
    json: ['features'],
    integers: ['price_cents', 'bedrooms', 'bathrooms', 'year_built'],
  },
  /** Property photos: the replicated metadata and, apart, the bytes (migration 105). */
  property_photos: { booleans: ['is_cover'] },
  property_photo_files: {},
  /** Share links of the public property sheet: a token's hash, never the token (migration 113). */
  property_sheet_links: {},
  sync_changes: { integers: ['seq'] },
  /** The sync engine's devices and the recorded outcome of their mutations (migration 008). */
  sync_clients: { integers: ['last_mutation_id'] },
  sync_mutation_results: { json: ['result', 'error'], integers: ['mutation_id'] },
  /** Process-wide key/value settings (VAPID keys) and the scheduler's once-only claims (migration 004). */
  server_settings: {},
  scheduler_claims: {},
  /** Property match notifications: queued jobs and the (property, buyer) pairs already told (migration 116). */
  property_match_jobs: {},
  property_match_notified: {},
} as const satisfies Record<string, TableSpec>;

export type TableName = keyof typeof TABLES;

export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/**
 * Replicated organization tables: organization_id, created_at, updated_at, deleted_at (tombstones).
 * Derived from the registry of replicated collections (shared-schema sync/replicated-tables.ts).
 */
export const SYNCABLE_TABLES = replicatedDbTables('organization', 'user') satisfies readonly TableName[];

/**
 * Account tables replicated read-only to the devices: the organization's members, and each user's own
 * settings and notification preferences. Not organization-scoped rows (no deleted_at): their writes are
 * logged with `recordAccountChange` (change-log.ts), keyed by the user's id.
 */
export const ACCOUNT_SYNC_TABLES = replicatedDbTables('members', 'self') satisfies readonly TableName[];
