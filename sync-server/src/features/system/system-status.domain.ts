import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { SystemStatus } from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import type { DomainCtx } from '../../http/context';
import { APP_VERSION } from '../../version';
import { assertSuperAdmin } from '../saas/packages.domain';
import { listBackups } from './backups';

/** The business tables counted in 'registos totais', with their pt-PT labels. */
export const COUNTED_TABLES = [
  { table: 'organizations', label: 'Organizações', softDelete: false },
  { table: 'users', label: 'Utilizadores', softDelete: false },
  { table: 'clients', label: 'Clientes', softDelete: true },
  { table: 'client_interactions', label: 'Interações', softDelete: true },
  { table: 'follow_ups', label: 'Follow-ups', softDelete: true },
  { table: 'cold_calls', label: 'Chamadas', softDelete: true },
  { table: 'cold_call_campaigns', label: 'Campanhas', softDelete: true },
  { table: 'tags', label: 'Tags', softDelete: true },
  { table: 'notifications', label: 'Notificações', softDelete: true },
] as const;

const processStartedAt = new Date(Date.now() - Math.round(process.uptime() * 1000));

async function fileSize(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

/** Bytes on disk: the SQLite file with its WAL, or pg_database_size. */
export async function databaseSizeBytes(db: Knex): Promise<number> {
  if (dialectOf(db) === 'pg') {
    const result = (await db.raw('select pg_database_size(current_database()) as size')) as {
      rows: { size: number | string }[];
    };
    return Number(result.rows[0]?.size ?? 0);
  }
  const filename = (db.client.config.connection as { filename: string }).filename;
  if (filename === ':memory:') {
    const [pages] = (await db.raw('pragma page_count')) as { page_count: number }[];
    const [size] = (await db.raw('pragma page_size')) as { page_size: number }[];
    return (pages?.page_count ?? 0) * (size?.page_size ?? 0);
  }
  return (await fileSize(filename)) + (await fileSize(`${filename}-wal`));
}

async function countRows(db: Knex, table: string, softDelete: boolean): Promise<number> {
  const query = db(table);
  if (softDelete) query.whereNull('deleted_at');
  const row = (await query.count({ n: '*' }).first()) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** GET /api/system/status (super admin): measured figures, nothing static. */
export async function systemStatus(
  ctx: DomainCtx,
  deps: { webDist: string; backupDir: string },
): Promise<SystemStatus> {
  assertSuperAdmin(ctx.auth);
  const tables = [];
  for (const t of COUNTED_TABLES) {
    tables.push({ table: t.table, label: t.label, count: await countRows(ctx.db, t.table, t.softDelete) });
  }
  let lastUpdateAt = processStartedAt.toISOString();
  try {
    lastUpdateAt = (await fs.stat(path.join(deps.webDist, 'index.html'))).mtime.toISOString();
  } catch {
    // no built client next to this server: the start of the process is the last update
  }
  const backups = await listBackups(deps.backupDir);
  return {
    status: 'online',
    version: APP_VERSION,
    startedAt: processStartedAt.toISOString(),
    uptimeSeconds: Math.floor(process.uptime()),
    lastUpdateAt,
    database: {
      client: dialectOf(ctx.db),
      sizeBytes: await databaseSizeBytes(ctx.db),
      totalRecords: tables.reduce((sum, t) => sum + t.count, 0),
      tables,
    },
    lastBackup: backups[0] ?? null,
  };
}
