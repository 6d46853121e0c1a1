import { randomUUID } from 'node:crypto';
import {
  clientImportSchema,
  CSV_NO,
  CSV_YES,
  csvMessages,
  decodeCsvBytes,
  errorMessages,
  formatCsvNumber,
  formatDate,
  formatDateTime,
  lisbonDateString,
  nextPropertyReference,
  normalizeForSearch,
  PROPERTY_CSV_COLUMNS,
  propertySearchText,
  sameReference,
  type ClientImportResult,
  type Property,
  type PropertyCsvColumn,
} from '@casa/shared-schema';
import { parsePropertiesCsv } from '@casa/shared-schema/csv-parse';
import { toDbRow } from '../../db/rows';
import { forOrganization } from '../../db/scope';
import { inTransaction } from '../../db/transaction';
import { canWrite } from '../../http/auth';
import type { DomainCtx } from '../../http/context';
import { forbidden } from '../../http/errors';
import { csvLine } from '../../lib/csv-lines';
import { organizationCsv } from '../../lib/organization-csv';
import { toProperty } from './properties.views';
import { enqueuePropertyMatch } from '../property-matches/property-match-jobs.service';

type ImportError = ClientImportResult['errors'][number];
type Names = { owners: Map<string, string>; agents: Map<string, string> };

function cellOf(column: PropertyCsvColumn, p: Property, names: Names): string {
  const value: unknown = p[column.key];
  if (value === null || value === undefined) return '';
  switch (column.kind) {
    case 'cents': // euros, decimal comma
      return formatCsvNumber((value as number) / 100);
    case 'integer':
    case 'decimal':
    case 'percent':
      return formatCsvNumber(value);
    case 'boolean':
      return value ? CSV_YES : CSV_NO;
    case 'multiselect':
      return (value as string[]).join(', ');
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'client':
      return names.owners.get(value as string) ?? '';
    case 'user':
      return names.agents.get(value as string) ?? '';
    default:
      return String(value);
  }
}

/** `imoveis-YYYY-MM-DD.csv`, the date of the Lisbon day. */
export const propertiesExportFileName = (now: string) => `imoveis-${lisbonDateString(now)}.csv`;

/**
 * GET /api/export/properties as text chunks (organizationCsv: one keyset page at a time), each property with
 * its owner's name and its agent's email.
 */
export function exportPropertiesCsv(ctx: DomainCtx): AsyncGenerator<string> {
  const scope = forOrganization(ctx.db, ctx.auth);
  const header = PROPERTY_CSV_COLUMNS.map((c) => c.header);
  return organizationCsv(scope, 'properties', header, async (raw) => {
    const rows = raw.map(toProperty);
    const ownerIds = [...new Set(rows.map((p) => p.ownerClientId).filter((id): id is string => !!id))];
    const owners = ownerIds.length
      ? ((await scope.table('clients').whereIn('clients.id', ownerIds).select('id', 'name')) as Array<{
          id: string;
          name: string;
        }>)
      : [];
    const names: Names = {
      owners: new Map(owners.map((o) => [o.id, o.name])),
      agents: await scope.memberEmails(rows.map((p) => p.agentId)),
    };
    let chunk = '';
    for (const p of rows) chunk += csvLine(PROPERTY_CSV_COLUMNS.map((c) => cellOf(c, p, names)));
    return chunk;
  });
}

/**
 * POST /api/import/properties {csvData}: every valid record becomes a property of the session's
 * organization (agent and creator: the importing user), all in ONE transaction; a bad record (a field,
 * an unknown or ambiguous owner, a taken reference) is reported with its line and a pt-PT reason and
 * never written. Records without a reference get the next CASA-numbers, in file order.
 */
export async function importPropertiesCsv(ctx: DomainCtx, args: unknown): Promise<ClientImportResult> {
  if (!canWrite(ctx.auth)) throw forbidden(errorMessages.forbidden);
  const { csvData } = clientImportSchema.parse(args);
  forOrganization(ctx.db, ctx.auth); // 403 for a user without an organization, before any work
  const parsed = parsePropertiesCsv(csvData);
  const errors: ImportError[] = [...parsed.errors];

  const imported = await inTransaction(ctx, async (tx) => {
    const scope = forOrganization(tx.db, tx.auth);
    if (parsed.rows.length === 0) return 0;
    const sellers = (await scope
      .table('clients')
      .where('clients.type', 'Vendedor')
      .select('id', 'name')) as Array<{ id: string; name: string }>;
    const sellersByName = new Map<string, string[]>();
    for (const s of sellers) {
      const key = normalizeForSearch(s.name);
      sellersByName.set(key, [...(sellersByName.get(key) ?? []), s.id]);
    }
    const references = (await scope.table('properties').pluck('reference')) as string[];
    const rows: Array<Record<string, unknown>> = [];
    for (const { line, property, ownerName } of parsed.rows) {
      let ownerClientId: string | null = null;
      if (ownerName) {
        const found = sellersByName.get(normalizeForSearch(ownerName)) ?? [];
        if (found.length !== 1) {
          errors.push({
            line,
            message: found.length
              ? csvMessages.ownerAmbiguous(ownerName)
              : csvMessages.ownerNotFound(ownerName),
          });
          continue;
        }
        ownerClientId = found[0]!;
      }
      if (property.reference && references.some((r) => sameReference(r, property.reference))) {
        errors.push({ line, message: csvMessages.referenceTaken(property.reference) });
        continue;
      }
      const reference = property.reference ?? nextPropertyReference(references);
      references.push(reference);
      const record = {
        ...property,
        id: randomUUID(),
        reference,
        ownerClientId,
        agentId: tx.auth.userId,
        createdBy: tx.auth.userId,
      };
      rows.push({ ...toDbRow('properties', record), search_text: propertySearchText(record) });
    }
    if (rows.length) {
      await scope.insertMany('properties', rows, tx.now);
      // Imported properties are new too: the scheduler tells the agents whose buyers match.
      await enqueuePropertyMatch(
        tx,
        scope.organizationId,
        rows.map((r) => r.id as string),
        'created',
      );
    }
    return rows.length;
  });

  errors.sort((a, b) => a.line - b.line);
  const { ignoredColumns } = parsed;
  return ignoredColumns.length ? { imported, errors, ignoredColumns } : { imported, errors };
}

/** POST /api/import/properties with the file's bytes (multipart), decoded as the clients' import does. */
export async function importPropertiesCsvFile(
  ctx: DomainCtx,
  bytes: Uint8Array,
): Promise<ClientImportResult> {
  if (!canWrite(ctx.auth)) throw forbidden(errorMessages.forbidden);
  forOrganization(ctx.db, ctx.auth);
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { imported: 0, errors: [{ line: 1, message: decoded.message }] };
  return importPropertiesCsv(ctx, { csvData: decoded.text });
}
