import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbConfig } from './knex';

/** Repository root (two levels above sync-server/src/db). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const DEFAULT_SQLITE_FILE = path.join(REPO_ROOT, 'data', 'casa.sqlite');

type Env = Record<string, string | undefined>;

/** DB_CLIENT=sqlite|pg, DATABASE_URL (pg), SQLITE_FILE (sqlite, relative paths resolve from the repo root). */
export function dbConfigFromEnv(env: Env = process.env): DbConfig {
  const client = (env.DB_CLIENT ?? 'sqlite').trim().toLowerCase();
  if (client === 'pg' || client === 'postgres' || client === 'postgresql') {
    const connectionString = env.DATABASE_URL?.trim();
    if (!connectionString) throw new Error('DATABASE_URL is required when DB_CLIENT=pg');
    return { client: 'pg', connectionString };
  }
  if (client !== 'sqlite') throw new Error(`DB_CLIENT must be sqlite or pg, got "${client}"`);
  const file = env.SQLITE_FILE?.trim();
  return { client: 'sqlite', filename: file ? path.resolve(REPO_ROOT, file) : DEFAULT_SQLITE_FILE };
}
