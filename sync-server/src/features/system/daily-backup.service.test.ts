import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import { runSchedulerTick } from '../scheduler/scheduler.service';
import { listBackups } from './backups';
import { runDailyBackup } from './daily-backup.service';
import { SYSTEM_SETTINGS_KEY } from './system-settings.domain';

const log = pino({ level: 'silent' });
let db: TestDb;
let backupDir: string;
beforeEach(async () => {
  db = await createTestDb();
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casa-daily-backup-'));
});
afterEach(async () => {
  await db.destroy();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe('daily automatic backup', () => {
  it('runs once per Lisbon day, from 03:00, whichever process ticks first', async () => {
    const deps = { knex: db.knex, log, backupDir };
    // 02:59 in Lisbon (winter time = UTC): too early.
    expect(await runDailyBackup(deps, new Date('2026-11-23T02:59:00Z'))).toBeNull();
    const [a, b] = await Promise.all([
      runDailyBackup(deps, new Date('2026-11-23T03:01:00Z')),
      runDailyBackup(deps, new Date('2026-11-23T03:01:00Z')),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await runDailyBackup(deps, new Date('2026-11-23T22:00:00Z'))).toBeNull();
    expect(await runDailyBackup(deps, new Date('2026-11-24T03:00:00Z'))).not.toBeNull();
    expect(await listBackups(backupDir)).toHaveLength(2);
  });

  it('follows the switch, and the scheduler tick calls it', async () => {
    await db.knex('server_settings').insert({
      key: SYSTEM_SETTINGS_KEY,
      value: JSON.stringify({ backup: { autoDaily: false } }),
      updated_at: new Date().toISOString(),
    });
    await runSchedulerTick({ knex: db.knex, log, backupDir }, new Date('2026-11-23T04:00:00Z'));
    expect(await listBackups(backupDir)).toHaveLength(0);
    await db.knex('server_settings').where('key', SYSTEM_SETTINGS_KEY).del();
    await runSchedulerTick({ knex: db.knex, log, backupDir }, new Date('2026-11-23T04:00:00Z'));
    expect(await listBackups(backupDir)).toHaveLength(1);
  });

  it('removes backups older than the retention after writing a new one', async () => {
    const old = path.join(backupDir, 'casa-20260101-030000.sqlite');
    fs.writeFileSync(old, 'old');
    const longAgo = new Date('2026-01-01T03:00:00Z');
    fs.utimesSync(old, longAgo, longAgo);
    await runDailyBackup({ knex: db.knex, log, backupDir }, new Date('2026-11-23T03:30:00Z'));
    const names = (await listBackups(backupDir)).map((b) => b.name);
    expect(names).toHaveLength(1);
    expect(names).not.toContain('casa-20260101-030000.sqlite');
  });
});
