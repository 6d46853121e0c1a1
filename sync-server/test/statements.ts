import type { Knex } from 'knex';

/** The SQL of every statement `knex` sent while `fn` ran (in order). */
export async function statementsDuring(knex: Knex, fn: () => Promise<unknown>): Promise<string[]> {
  const sql: string[] = [];
  const listener = (q: { sql: string }) => sql.push(q.sql);
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.removeListener('query', listener);
  }
  return sql;
}

/** How many statements read `table` while `fn` ran: none when an answer came from a cache. */
export async function readsOf(knex: Knex, table: string, fn: () => Promise<unknown>): Promise<number> {
  const from = new RegExp(`from [\`"]${table}[\`"]`, 'i');
  return (await statementsDuring(knex, fn)).filter((sql) => from.test(sql)).length;
}
