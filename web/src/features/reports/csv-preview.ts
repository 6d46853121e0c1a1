import {
  decodeCsvBytes,
  errorMessages,
  type ClientCreate,
  type ClientCsvColumn,
  type CsvEncoding,
} from '@casa/shared-schema';
import { parseClientsCsv } from '@casa/shared-schema/csv-parse';

/** How many of the file's first good rows the preview shows. */
export const PREVIEW_ROWS = 5;

export type CsvPreview = {
  fileName: string;
  /** Why the whole file cannot be imported (read wrong, no known column, no Nome…), or null. */
  refusal: string | null;
  encoding: CsvEncoding | null;
  delimiter: string;
  /** The file's known columns, in its order. */
  columns: ClientCsvColumn[];
  ignoredColumns: string[];
  /** The first good rows exactly as the server will store them (the same decoding and parsing). */
  sample: ClientCreate[];
  readyCount: number;
  rejectedCount: number;
};

/**
 * Reads the chosen file's bytes the way the server will (decodeCsvBytes and parseClientsCsv from
 * shared-schema: UTF-8, UTF-16 with BOM or Windows-1252; ';', ',' or tab), for the preview.
 */
export function previewCsvBytes(fileName: string, bytes: Uint8Array): CsvPreview {
  const decoded = decodeCsvBytes(bytes);
  const empty = { fileName, columns: [], ignoredColumns: [], sample: [], readyCount: 0 };
  if (!decoded.ok) {
    return { ...empty, refusal: decoded.message, encoding: null, delimiter: ';', rejectedCount: 0 };
  }
  const parsed = parseClientsCsv(decoded.text);
  const refused = parsed.columns.length === 0;
  return {
    fileName,
    refusal: refused ? (parsed.errors[0]?.message ?? errorMessages.checkDataAndRetry) : null,
    encoding: decoded.encoding,
    delimiter: parsed.delimiter,
    columns: parsed.columns,
    ignoredColumns: parsed.ignoredColumns,
    sample: parsed.rows.slice(0, PREVIEW_ROWS).map((r) => r.client),
    readyCount: parsed.rows.length,
    rejectedCount: refused ? 0 : parsed.errors.length,
  };
}
