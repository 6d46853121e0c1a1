import { dbConfigFromEnv } from '../config-from-env';
import { createKnex } from '../knex';
import { migrateLatest } from '../migrate';
import { seedDemo } from './seed';

// Usage: pnpm --filter @casa/sync-server db:seed [--clients N] [--properties N]
function parseCount(argv: readonly string[], flag: string): number | undefined {
  const i = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  const raw = argv[i]?.includes('=') ? argv[i]?.split('=')[1] : argv[i + 1];
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} expects a whole number, got "${raw ?? ''}"`);
  return n;
}

async function main(): Promise<void> {
  const extraClients = parseCount(process.argv.slice(2), '--clients');
  const extraProperties = parseCount(process.argv.slice(2), '--properties');
  const knex = createKnex(dbConfigFromEnv());
  try {
    const started = performance.now();
    await migrateLatest(knex);
    const result = await seedDemo(knex, {
      ...(extraClients === undefined ? {} : { extraClients }),
      ...(extraProperties === undefined ? {} : { extraProperties }),
    });
    const ms = Math.round(performance.now() - started);
    const what = result.seeded ? 'Demo data created' : 'Database already has data; demo seed skipped';
    const extra =
      (result.extraClients ? `; added ${result.extraClients} extra clients to Imobiliária Demo` : '') +
      (result.extraProperties
        ? `; added ${result.extraProperties} extra properties to Imobiliária Demo`
        : '');
    process.stdout.write(`${what}${extra} (${ms} ms)\n`);
    if (result.seeded)
      process.stdout.write(
        'Logins (password Demo1234!): admin@demo.pt, agente@demo.pt, viewer@demo.pt, super@demo.pt, admin@outra.pt\n',
      );
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
