import { dbConfigFromEnv } from './config-from-env';
import { createKnex } from './knex';
import { migrateLatest, rollbackAll } from './migrate';

// Usage: pnpm --filter @casa/sync-server db:migrate [--rollback-all]
async function main(): Promise<void> {
  const config = dbConfigFromEnv();
  const knex = createKnex(config);
  const where = config.client === 'sqlite' ? config.filename : 'PostgreSQL';
  try {
    const started = performance.now();
    if (process.argv.includes('--rollback-all')) {
      const names = await rollbackAll(knex);
      process.stdout.write(`Rolled back ${names.length} migration(s) on ${where}\n`);
    } else {
      const names = await migrateLatest(knex);
      const list = names.length ? `: ${names.join(', ')}` : ' (already up to date)';
      process.stdout.write(`Applied ${names.length} migration(s) on ${where}${list}\n`);
    }
    process.stdout.write(`Done in ${Math.round(performance.now() - started)} ms\n`);
  } finally {
    await knex.destroy();
  }
}

main().catch((err: unknown) => {
  // Driver errors can embed a whole multi-row statement: keep the report readable.
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  console.error(text.length > 2000 ? `${text.slice(0, 1000)} … ${text.slice(-500)}` : text);
  process.exitCode = 1;
});
