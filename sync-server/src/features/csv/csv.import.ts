import { randomUUID } from 'node:crypto';
import {
  clientImportSchema,
  csvMessages,
  decodeCsvBytes,
  DEFAULT_TAG_COLOR,
  errorMessages,
  tagNameKey,
  type ClientImportResult,
} from '@casa/shared-schema';
import { parseClientsCsv } from '@casa/shared-schema/csv-parse';
import { dialectOf } from '../../db/knex';
import { toDbRow, toNumber } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import type { DomainCtx } from '../../http/context';
import { forbidden } from '../../http/errors';
import { clientSearchText } from '../search/search-text.service';

type ImportError = ClientImportResult['errors'][number];

/**
 * POST /api/import/clients {csvData}: every valid record becomes a client of the session's organization
 * (agent and creator: the importing user), all in ONE transaction; invalid records are reported with
 * their line and a pt-PT reason and never written. Tags are reused case-insensitively or created.
 * The organization's max_clients (0 = unlimited) caps the import: records beyond it are rejected.
 */
export async function importClientsCsv(ctx: DomainCtx, args: unknown): Promise<ClientImportResult> {
  if (!canWrite(ctx.auth)) throw forbidden(errorMessages.forbidden);
  const { csvData } = clientImportSchema.parse(args);
  forOrganization(ctx.db, ctx.auth); // 403 for a user without an organization, before any work
  const parsed = parseClientsCsv(csvData);
  const errors: ImportError[] = [...parsed.errors];

  const imported = await inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    const orgQuery = tx.db('organizations').where('id', scope.organizationId).first('max_clients');
    if (dialectOf(tx.db) === 'pg') orgQuery.forUpdate(); // serialises concurrent imports against the limit
    const org = (await orgQuery) as { max_clients: unknown } | undefined;
    const maxClients = toNumber(org?.max_clients);

    let accepted = parsed.rows;
    if (maxClients > 0) {
      const current = toNumber(
        ((await scope.table('clients').count({ n: '*' }).first()) as { n: unknown }).n,
      );
      const room = Math.max(0, maxClients - current);
      for (const row of accepted.slice(room)) {
        errors.push({ line: row.line, message: csvMessages.clientLimitReached(maxClients) });
      }
      accepted = accepted.slice(0, room);
    }
    if (accepted.length === 0) return 0;

    const existing = (await scope.table('tags').select('id', 'name')) as Array<{ id: string; name: string }>;
    const tagByKey = new Map(existing.map((t) => [tagNameKey(t.name), t]));
    const newTags: Array<{ id: string; name: string; color: string }> = [];
    for (const { client } of accepted) {
      for (const name of client.tags) {
        if (tagByKey.has(tagNameKey(name))) continue;
        const tag = { id: randomUUID(), name: name.trim(), color: DEFAULT_TAG_COLOR };
        tagByKey.set(tagNameKey(name), tag);
        newTags.push(tag);
      }
    }
    if (newTags.length) await scope.insertMany('tags', newTags, tx.now);

    const clientRows: Array<Record<string, unknown>> = [];
    const links: Array<Record<string, unknown>> = [];
    for (const { client } of accepted) {
      const id = randomUUID();
      const tags = client.tags.map((name) => tagByKey.get(tagNameKey(name))!);
      const tagNames = tags.map((t) => t.name);
      // Every field the file gave, as parsed; only the server's own facts are set here.
      const record = { ...client, id, agentId: tx.auth.userId, tags: tagNames, createdBy: tx.auth.userId };
      clientRows.push({ ...toDbRow('clients', record), search_text: clientSearchText(record, tagNames) });
      for (const tag of tags) links.push({ id: randomUUID(), client_id: id, tag_id: tag.id });
    }
    await scope.insertMany('clients', clientRows, tx.now);
    if (links.length) await scope.insertMany('client_tags', links, tx.now);
    return clientRows.length;
  });

  errors.sort((a, b) => a.line - b.line);
  const { ignoredColumns } = parsed;
  return ignoredColumns.length ? { imported, errors, ignoredColumns } : { imported, errors };
}

/**
 * POST /api/import/clients with the file's bytes (multipart): decoded as the device's preview decodes
 * them (UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252); a file that cannot be read
 * right is refused as a whole, with the reason at line 1, and nothing is written.
 */
export async function importClientsCsvFile(ctx: DomainCtx, bytes: Uint8Array): Promise<ClientImportResult> {
  if (!canWrite(ctx.auth)) throw forbidden(errorMessages.forbidden);
  forOrganization(ctx.db, ctx.auth);
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { imported: 0, errors: [{ line: 1, message: decoded.message }] };
  return importClientsCsv(ctx, { csvData: decoded.text });
}
