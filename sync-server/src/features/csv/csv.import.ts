import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import type { z } from 'zod';
import {
  CLIENT_CSV_COLUMNS,
  CLIENT_TYPES,
  clientCreateSchema,
  clientImportSchema,
  csvColumnForHeader,
  csvMessages,
  DEFAULT_TAG_COLOR,
  errorMessages,
  normalizeForSearch,
  tagNameKey,
  unprotectCsvCell,
  type ClientCreate,
  type ClientCsvColumn,
  type ClientImportResult,
  type ClientType,
} from '@casa/shared-schema';
import { dialectOf } from '../../db/knex';
import { toDbRow, toNumber } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import type { DomainCtx } from '../../http/context';
import { forbidden } from '../../http/errors';
import { clientSearchText } from '../search/search-text';

type ImportError = ClientImportResult['errors'][number];
type ParsedRow = { line: number; client: ClientCreate };

const TYPE_ALIASES = new Map<string, ClientType>([
  ...CLIENT_TYPES.map((t) => [normalizeForSearch(t), t] as const),
  ['buyer', 'Comprador'],
  ['seller', 'Vendedor'],
  ['investor', 'Investidor'],
]);

/** ';' unless the header line has more ',' (or tabs): accepts what Excel writes in Portugal and elsewhere. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => firstLine.split(c).length - 1;
  const [semi, comma, tab] = [count(';'), count(','), count('\t')];
  if (tab > semi && tab > comma) return '\t';
  return comma > semi ? ',' : ';';
}

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** A numeric cell: '250000', '250000,50', '250 000,50 €' → number; anything else → undefined. */
function parseNumberCell(cell: string): number | undefined {
  const compact = cell.replace(/[\s\u00a0€]/g, '');
  return NUMBER.test(compact) ? Number(compact.replace(',', '.')) : undefined;
}

/** 'dd/mm/yyyy' (what Excel in Portugal shows) → 'yyyy-mm-dd'; other text is left for the schema. */
function parseDateCell(cell: string): string {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(cell);
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : cell;
}

function columnLabel(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  const column =
    first === 'customFields'
      ? CLIENT_CSV_COLUMNS.find((c) => c.custom === second)
      : CLIENT_CSV_COLUMNS.find((c) => c.key === first);
  if (column) return column.header;
  return path.map(String).join('.') || 'Linha';
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => csvMessages.fieldError(columnLabel(issue.path), issue.message))
    .join('; ');
}

/** One CSV record → the input of clientCreateSchema, or the reason it cannot be read. */
function rowToInput(
  columns: Array<ClientCsvColumn | undefined>,
  cells: string[],
): Record<string, unknown> | string {
  const input: Record<string, unknown> = {};
  const customFields: Record<string, unknown> = {};
  let other: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    const cell = unprotectCsvCell((cells[i] ?? '').trim()).trim();
    if (!column || cell === '') continue;
    if (column.custom) {
      if (column.numeric) {
        const n = parseNumberCell(cell);
        if (n === undefined) return csvMessages.invalidNumber(column.header);
        customFields[column.custom] = n;
      } else customFields[column.custom] = cell;
      continue;
    }
    switch (column.key) {
      case 'name':
      case 'email':
      case 'phone':
      case 'notes':
        input[column.key] = cell;
        break;
      case 'type':
        input.type = TYPE_ALIASES.get(normalizeForSearch(cell)) ?? cell;
        break;
      case 'rating':
        input.rating = parseNumberCell(cell) ?? cell;
        break;
      case 'birthday':
        input.birthday = parseDateCell(cell);
        break;
      case 'tags': {
        const seen = new Set<string>();
        input.tags = cell
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== '' && !seen.has(tagNameKey(t)) && seen.add(tagNameKey(t)));
        break;
      }
      case 'otherFields': {
        let parsed: unknown;
        try {
          parsed = JSON.parse(cell);
        } catch {
          return csvMessages.invalidOtherFields;
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          return csvMessages.invalidOtherFields;
        other = parsed as Record<string, unknown>;
        break;
      }
      default:
        break; // id, agent and dates are set by the server
    }
  }
  input.customFields = { ...other, ...customFields };
  return input;
}

/** Reads the CSV text: one validated client per good record, one {line, message} per bad one. */
export function parseClientsCsv(csvData: string): { rows: ParsedRow[]; errors: ImportError[] } {
  const text = csvData.replace(/^\uFEFF/, '');
  const rows: ParsedRow[] = [];
  const errors: ImportError[] = [];
  if (text.trim() === '') return { rows, errors: [{ line: 1, message: csvMessages.emptyFile }] };

  let columns: Array<ClientCsvColumn | undefined> | null = null;
  let lineOfNext = 1;
  let consumed = 0;
  let fatal = false;
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      const line = lineOfNext;
      const cursor = result.meta.cursor;
      for (let i = consumed; i < cursor; i++) if (text.charCodeAt(i) === 10) lineOfNext++;
      consumed = cursor;
      const cells = result.data;
      if (cells.every((c) => c.trim() === '')) return;
      if (!columns) {
        columns = cells.map((h) => csvColumnForHeader(h));
        if (!columns.some((c) => c?.key === 'name')) {
          errors.push({ line, message: csvMessages.missingNameColumn });
          fatal = true;
          parser.abort();
        }
        return;
      }
      if (result.errors.length > 0) {
        errors.push({ line, message: csvMessages.malformedRow(result.errors[0]!.message) });
        return;
      }
      const input = rowToInput(columns, cells);
      if (typeof input === 'string') {
        errors.push({ line, message: input });
        return;
      }
      const parsed = clientCreateSchema.safeParse(input);
      if (!parsed.success) errors.push({ line, message: describeIssues(parsed.error) });
      else rows.push({ line, client: parsed.data });
    },
  });
  if (fatal) return { rows: [], errors };
  if (!columns) return { rows, errors: [{ line: 1, message: csvMessages.emptyFile }] };
  return { rows, errors };
}

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
  const errors = [...parsed.errors];

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
      const record = {
        id,
        agentId: tx.auth.userId,
        name: client.name,
        email: client.email ?? null,
        phone: client.phone ?? null,
        type: client.type,
        rating: client.rating,
        birthday: client.birthday ?? null,
        notes: client.notes ?? null,
        tags: tagNames,
        customFields: client.customFields,
        createdBy: tx.auth.userId,
      };
      clientRows.push({ ...toDbRow('clients', record), search_text: clientSearchText(record, tagNames) });
      for (const tag of tags) links.push({ id: randomUUID(), client_id: id, tag_id: tag.id });
    }
    await scope.insertMany('clients', clientRows, tx.now);
    if (links.length) await scope.insertMany('client_tags', links, tx.now);
    return clientRows.length;
  });

  errors.sort((a, b) => a.line - b.line);
  return { imported, errors };
}
