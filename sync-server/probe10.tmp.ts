import { createKnex } from './src/db/knex';
import { DEMO_IDS } from './src/db/seed/seed';
const knex = createKnex({ client: 'pg', connectionString: 'postgres://postgres@127.0.0.1:5432/casa_perf_probe' });
const org = DEMO_IDS.demoOrganization;
const variants: Record<string, string> = {
  current: "search_text LIKE '%silva%' AND split_part(search_text, chr(30), 1) LIKE '%silva%'",
  strpos: "search_text LIKE '%silva%' AND strpos(search_text, 'silva') BETWEEN 1 AND strpos(search_text, chr(30))",
  likeOnly: "search_text LIKE '%silva%'",
};
for (const [k, cond] of Object.entries(variants)) {
  const sql = `select count(*) from clients where organization_id = ? and deleted_at is null and ${cond}`;
  await knex.raw(sql, [org]);
  const t = performance.now();
  for (let i = 0; i < 20; i++) await knex.raw(sql, [org]);
  console.log(k, ((performance.now() - t) / 20).toFixed(2), 'ms', (await knex.raw(sql, [org])).rows[0]);
}
await knex.destroy();
