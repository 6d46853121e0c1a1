import { CLIENT_CUSTOM_FIELDS, CLIENT_FIELDS, type CustomFieldKind } from '../entities/client-fields';
import type { FieldKind } from '../entities/fields';
import { normalizeForSearch } from '../text/normalize';

/**
 * The client CSV format (GET /api/export/clients, POST /api/import/clients): UTF-8 with a BOM,
 * ';'-separated (what Excel in Portugal expects), one header row with Portuguese names. The columns
 * come from CLIENT_FIELDS and CLIENT_CUSTOM_FIELDS (entities/client-fields.ts): `key` is the client
 * field, `custom` a customFields key; 'Outros Campos' (key customFields) carries the other customFields
 * keys as JSON. `aliases` are extra header names the importer accepts (compared without accents or case).
 */
export type ClientCsvColumn = {
  header: string;
  aliases: readonly string[];
  key?: keyof typeof CLIENT_FIELDS;
  /** How the cell is written and read: the field's kind, or the custom field's. */
  kind: FieldKind | CustomFieldKind;
  custom?: string;
  numeric?: boolean;
  /** False for what the server sets (id, agent, timestamps): the importer never reads it. */
  imported: boolean;
};

/** The largest CSV file the import accepts as an upload (20,000 rows are about 5 MB). */
export const CSV_MAX_BYTES = 20 * 1024 * 1024;
/** The multipart field of POST /api/import/clients that carries the file's bytes. */
export const CSV_UPLOAD_FIELD = 'file';

const SERVER_SET_KINDS: readonly FieldKind[] = ['id', 'user', 'datetime'];

const CUSTOM_COLUMNS: ClientCsvColumn[] = Object.entries(CLIENT_CUSTOM_FIELDS).map(([custom, meta]) => ({
  header: meta.label,
  aliases: meta.csv,
  kind: meta.kind,
  custom,
  ...(meta.kind === 'amount' || meta.kind === 'percent' ? { numeric: true } : {}),
  imported: true,
}));

export const CLIENT_CSV_COLUMNS: readonly ClientCsvColumn[] = Object.entries(CLIENT_FIELDS).flatMap(
  ([key, meta]): ClientCsvColumn[] => {
    if (!meta?.csv) return [];
    const column: ClientCsvColumn = {
      header: meta.label,
      aliases: meta.csv,
      key: key as keyof typeof CLIENT_FIELDS,
      kind: meta.kind,
      imported: !SERVER_SET_KINDS.includes(meta.kind),
    };
    return meta.kind === 'customFields' ? [...CUSTOM_COLUMNS, column] : [column];
  },
);

/** customFields keys that have their own column; any other key travels in 'Outros Campos' as JSON. */
export const CSV_CUSTOM_FIELD_KEYS: readonly string[] = CLIENT_CSV_COLUMNS.flatMap((c) =>
  c.custom ? [c.custom] : [],
);

const BY_NAME = new Map<string, ClientCsvColumn>();
for (const column of CLIENT_CSV_COLUMNS) {
  for (const name of [column.header, ...column.aliases, column.key ?? '', column.custom ?? '']) {
    if (name) BY_NAME.set(normalizeForSearch(name), column);
  }
}

/** The column a header cell names (accent-, case- and space-insensitive), if any. */
export function csvColumnForHeader(header: string): ClientCsvColumn | undefined {
  return BY_NAME.get(normalizeForSearch(header.replace(/^\uFEFF/, '')));
}
