import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { errorMessages, type BackupInfo } from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import { internal, notFound } from '../../http/errors';

/** casa-20261123-031500.sqlite / .dump: the only names listed and served. */
export const BACKUP_NAME = /^casa-\d{8}-\d{6}(?:-\d+)?\.(?:sqlite|dump)$/;

function stamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-` +
    `${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`
  );
}

/** The backups in `dir`, newest first. */
export async function listBackups(dir: string): Promise<BackupInfo[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const out: BackupInfo[] = [];
  for (const name of names.filter((n) => BACKUP_NAME.test(n))) {
    try {
      const stat = await fs.stat(path.join(dir, name));
      out.push({ name, sizeBytes: stat.size, createdAt: stat.mtime.toISOString() });
    } catch {
      // removed meanwhile
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.name.localeCompare(a.name));
}

/** Absolute path of a listed backup, or 404 (never a path outside `dir`). */
export async function backupPath(dir: string, name: string): Promise<string> {
  if (!BACKUP_NAME.test(name)) throw notFound(errorMessages.backupNotFound);
  const file = path.join(dir, name);
  try {
    await fs.access(file);
  } catch {
    throw notFound(errorMessages.backupNotFound);
  }
  return file;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

/**
 * A consistent copy of the whole database into `dir`: SQLite's online backup API (page by page from a
 * second connection, so requests go on meanwhile), or pg_dump's custom format (one snapshot).
 * Written under a temporary name and renamed, so a listed backup is always complete.
 */
export async function createBackup(db: Knex, dir: string, now = new Date()): Promise<BackupInfo> {
  await fs.mkdir(dir, { recursive: true });
  const pg = dialectOf(db) === 'pg';
  let name = `casa-${stamp(now)}.${pg ? 'dump' : 'sqlite'}`;
  for (let i = 2; await exists(path.join(dir, name)); i++)
    name = `casa-${stamp(now)}-${i}.${pg ? 'dump' : 'sqlite'}`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  try {
    if (pg) {
      const connection = db.client.config.connection as { connectionString: string };
      const schema = (db.client.config.searchPath as string[] | undefined)?.[0];
      const args = ['--format=custom', '--no-owner', `--file=${partial}`];
      if (schema) args.push(`--schema=${schema}`);
      args.push(`--dbname=${connection.connectionString}`);
      await run('pg_dump', args, process.env).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? internal(errorMessages.backupToolMissing) : err;
      });
    } else {
      const filename = (db.client.config.connection as { filename: string }).filename;
      const source = new Database(filename, { readonly: true, fileMustExist: true });
      try {
        await source.backup(partial);
      } finally {
        source.close();
      }
    }
    await fs.rename(partial, file);
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  const stat = await fs.stat(file);
  return { name, sizeBytes: stat.size, createdAt: stat.mtime.toISOString() };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
