import { PROPERTY_FIELDS } from '../entities/property-fields';
import type { FieldKind } from '../entities/fields';
import { normalizeForSearch } from '../text/normalize';

/**
 * The property CSV format (GET /api/export/properties, POST /api/import/properties), under the clients'
 * rules (api/csv.ts): UTF-8 with a BOM, ';'-separated, Portuguese headers. The columns come from
 * PROPERTY_FIELDS (entities/property-fields.ts), in its key order; a unit goes in the header
 * ('Preço (€)'). The price is written in euros (the row keeps cents), the owner by name, the agent by email.
 */
export type PropertyCsvColumn = {
  header: string;
  aliases: readonly string[];
  key: keyof typeof PROPERTY_FIELDS;
  kind: FieldKind;
  options?: readonly string[];
  /** False for what the server sets (id, agent, timestamps): the importer never reads it. */
  imported: boolean;
};

const SERVER_SET_KINDS: readonly FieldKind[] = ['id', 'user', 'datetime'];

export const PROPERTY_CSV_COLUMNS: readonly PropertyCsvColumn[] = Object.entries(PROPERTY_FIELDS).flatMap(
  ([key, meta]): PropertyCsvColumn[] => {
    if (!meta?.csv) return [];
    const unit = 'unit' in meta ? meta.unit : undefined;
    const options = 'options' in meta ? meta.options : undefined;
    return [
      {
        header: unit ? `${meta.label} (${unit})` : meta.label,
        aliases: [meta.label, ...meta.csv],
        key: key as keyof typeof PROPERTY_FIELDS,
        kind: meta.kind,
        ...(options ? { options } : {}),
        imported: !SERVER_SET_KINDS.includes(meta.kind),
      },
    ];
  },
);

const BY_NAME = new Map<string, PropertyCsvColumn>();
for (const column of PROPERTY_CSV_COLUMNS) {
  for (const name of [column.header, ...column.aliases, column.key])
    BY_NAME.set(normalizeForSearch(name), column);
}

/** The column a header cell names (accent-, case- and space-insensitive), if any. */
export function propertyCsvColumnForHeader(header: string): PropertyCsvColumn | undefined {
  return BY_NAME.get(normalizeForSearch(header.replace(/^\uFEFF/, '')));
}

/** 'Sim' / 'Não' in the file; the importer also reads true/false, 1/0, s/n, yes/no. */
export const CSV_YES = 'Sim';
export const CSV_NO = 'Não';
