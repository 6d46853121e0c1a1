import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { lisbonDateString, lisbonWallToDate } from '@casa/shared-schema';
import { createBackup, listBackups } from './backups';
import { readSystemSettings } from './system-settings.domain';

/** The daily automatic backup runs from 03:00 Lisbon time (docs/product.md#saas-admin). */
export const DAILY_BACKUP_HOUR = 3;
/** Backups older than this are removed after each automatic backup. */
export const BACKUP_RETENTION_DAYS = 30;

/**
 * Called by every scheduler tick: once per Lisbon day, from 03:00, when 'Backup automático diário' is on,
 * exactly one server process (the one that claims the day in scheduler_claims) writes the backup.
 * Answers the backup's name when this call made it.
 */
export async function runDailyBackup(
  deps: { knex: Knex; log: Logger; backupDir: string },
  now: Date,
): Promise<string | null> {
  const settings = await readSystemSettings(deps.knex);
  if (!settings.backup.autoDaily) return null;
  const day = lisbonDateString(now);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (now < lisbonWallToDate(y, m, d, DAILY_BACKUP_HOUR, 0)) return null;
  const claimed = (await deps
    .knex('scheduler_claims')
    .insert({ key: `backup:${day}`, claimed_at: now.toISOString() })
    .onConflict('key')
    .ignore()
    .returning('key')) as unknown[];
  if (claimed.length === 0) return null;
  const backup = await createBackup(deps.knex, deps.backupDir, now);
  deps.log.info({ backup: backup.name, sizeBytes: backup.sizeBytes }, 'daily backup written');
  const cutoff = now.getTime() - BACKUP_RETENTION_DAYS * 24 * 3600 * 1000;
  for (const old of await listBackups(deps.backupDir)) {
    if (Date.parse(old.createdAt) < cutoff) await fs.rm(path.join(deps.backupDir, old.name), { force: true });
  }
  return backup.name;
}
