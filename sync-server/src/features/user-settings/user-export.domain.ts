import type { Knex } from 'knex';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type Profile,
  type UserSettings,
} from '@casa/shared-schema';
import { fromDbRow, fromDbRows } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { PageSizer, yieldToEventLoop } from '../../lib/bounded-pages';
import type { DomainCtx } from '../../http/context';
import { getProfile } from '../profile/profile.domain';
import { readSettings } from './user-settings.domain';

type Rows = Record<string, unknown>[];

export type UserExport = {
  exportedAt: string;
  profile: Profile;
  organization: { id: string; name: string } | null;
  settings: UserSettings;
  notificationPreferences: NotificationPreferences;
  clients: Rows;
  interactions: Rows;
  followUps: Rows;
  coldCalls: Rows;
};

/** `casa-crm-dados-YYYY-MM-DD.json`, dated by the server clock (UTC). */
export function exportFileName(nowIso: string): string {
  return `casa-crm-dados-${nowIso.slice(0, 10)}.json`;
}

async function preferencesOf(ctx: DomainCtx): Promise<NotificationPreferences> {
  const row = (await ctx.db('notification_preferences').where('user_id', ctx.auth.userId).first()) as
    Record<string, unknown> | undefined;
  if (!row) return notificationPreferencesSchema.parse({});
  const {
    id: _id,
    user_id: _user,
    updated_at: _updated,
    ...prefs
  } = fromDbRow<Record<string, unknown>>('notification_preferences', row);
  // fromDbRow camelCases keys; the preferences travel snake_case (docs/product.md#accounts).
  const snake = Object.fromEntries(
    Object.entries(prefs).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
  );
  return notificationPreferencesSchema.parse(snake);
}

/** At most this many rows a page; PageSizer keeps each page's text near 128 K characters. */
export const EXPORT_PAGE_ROWS = 1000;

type ExportTable = 'clients' | 'client_interactions' | 'follow_ups' | 'cold_calls';

/**
 * The rows of one table in id keyset pages (the live (organization_id, id) indexes; a created_at key
 * would lose Postgres' microseconds in a JS Date and repeat rows), each converted with fromDbRows and
 * serialized to one compact JSON text (`,`-joined, no brackets). Pages are sized by what they weigh
 * (bounded-pages.ts), so no tenant waits long on a big export.
 */
async function* pagesOf(
  query: () => Knex.QueryBuilder,
  table: ExportTable,
  maxRows: number,
): AsyncGenerator<string> {
  const sizer = new PageSizer(maxRows);
  let after: string | undefined;
  for (;;) {
    const q = query();
    if (after !== undefined) q.where(`${table}.id`, '>', after);
    const rows = (await q.orderBy(`${table}.id`).limit(sizer.rows)) as Rows;
    if (rows.length === 0) return;
    const text = fromDbRows(table, rows)
      .map((row) => JSON.stringify(row))
      .join(',');
    yield text;
    if (rows.length < sizer.rows) return;
    sizer.record(rows.length, text.length);
    after = String(rows[rows.length - 1]!.id);
    await yieldToEventLoop();
  }
}

/** `"key":[…]` from the pages, a comma between non-empty pages. */
async function* arrayOf(key: string, pages: AsyncGenerator<string>): AsyncGenerator<string> {
  yield `${JSON.stringify(key)}:[`;
  let first = true;
  for await (const page of pages) {
    yield first ? page : `,${page}`;
    first = false;
  }
  yield ']';
}

/**
 * GET /api/user/export: the user's own data, as compact JSON produced in bounded pieces (issue 17: one
 * `JSON.stringify(…, null, 2)` of the whole export blocked the one event loop for seconds). Business rows
 * come only through the organization scope: the clients whose agent is the user, plus the interactions,
 * follow-ups and cold calls of those clients or made by the user. The small head (profile, settings…) is
 * read before the first piece, so an error there is still a JSON error answer. Not one snapshot: a row
 * written while the export is sent may be in it or not.
 */
export async function streamUserExport(
  ctx: DomainCtx,
  pageRows = EXPORT_PAGE_ROWS,
): Promise<AsyncGenerator<string>> {
  const profile = await getProfile(ctx);
  const settings = await readSettings(ctx.db, ctx.auth.userId);
  const notificationPreferences = await preferencesOf(ctx);
  const organization = ctx.auth.organizationId
    ? (((await ctx.db('organizations').where('id', ctx.auth.organizationId).first('id', 'name')) as
        UserExport['organization'] | undefined) ?? null)
    : null;
  const head: Omit<UserExport, 'clients' | 'interactions' | 'followUps' | 'coldCalls'> = {
    exportedAt: ctx.now,
    profile,
    organization,
    settings,
    notificationPreferences,
  };
  const scoped = ctx.auth.organizationId ? forOrganization(ctx.db, ctx.auth) : null;
  const me = ctx.auth.userId;
  const myClients = () => scoped!.table('clients').where('clients.agent_id', me);
  const mine = (table: Exclude<ExportTable, 'clients'>) => () =>
    scoped!
      .table(table)
      .where(
        (q) =>
          void q
            .whereIn(`${table}.client_id`, myClients().select('clients.id'))
            .orWhere(`${table}.agent_id`, me),
      );
  async function* none(): AsyncGenerator<string> {}
  const pages = (query: () => Knex.QueryBuilder, table: ExportTable) =>
    scoped ? pagesOf(query, table, pageRows) : none();

  return (async function* () {
    yield JSON.stringify(head).slice(0, -1);
    yield ',';
    yield* arrayOf('clients', pages(myClients, 'clients'));
    yield ',';
    yield* arrayOf('interactions', pages(mine('client_interactions'), 'client_interactions'));
    yield ',';
    yield* arrayOf('followUps', pages(mine('follow_ups'), 'follow_ups'));
    yield ',';
    yield* arrayOf('coldCalls', pages(mine('cold_calls'), 'cold_calls'));
    yield '}';
  })();
}
