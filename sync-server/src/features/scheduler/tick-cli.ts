/**
 * Runs ONE scheduler tick against the database of DB_CLIENT/DATABASE_URL/SQLITE_FILE and prints the
 * report as JSON. `tsx src/features/scheduler/tick-cli.ts [nowIso] [--wait-for-go]`.
 * With --wait-for-go it prints "ready" and starts when a line arrives on stdin (the multi-process test
 * uses it to start several processes at the same instant).
 */
import { createInterface } from 'node:readline';
import pino from 'pino';
import { dbConfigFromEnv } from '../../db/config-from-env';
import { createKnex } from '../../db/knex';
import { runSchedulerTick } from './scheduler.service';

const args = process.argv.slice(2);
const nowArg = args.find((a) => !a.startsWith('--'));
const now = nowArg ? new Date(nowArg) : new Date();
const knex = createKnex(dbConfigFromEnv(process.env));
const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' }, pino.destination(2));

try {
  await knex.raw('select 1');
  if (args.includes('--wait-for-go')) {
    process.stdout.write('ready\n');
    const lines = createInterface({ input: process.stdin });
    await new Promise<void>((resolve) => lines.once('line', () => resolve()));
    lines.close();
  }
  const report = await runSchedulerTick({ knex, log }, now);
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await knex.destroy();
}
