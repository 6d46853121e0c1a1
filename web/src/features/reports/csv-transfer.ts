import {
  clientImportResultSchema,
  CSV_UPLOAD_FIELD,
  decodeCsvBytes,
  errorMessages,
  lisbonDateString,
  parseClientsCsv,
  type ClientCreate,
  type ClientCsvColumn,
  type ClientImportResult,
  type CsvEncoding,
} from '@casa/shared-schema';
import { api, ApiError, type ApiClient } from '../../lib/api';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';

export const EXPORT_PATH = '/api/export/clients';
export const IMPORT_PATH = '/api/import/clients';

/** Spec 2 §5: the import accepts only a name ending in .csv (any case). */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** Spec 2 §7: clientes-{date}.csv, the Lisbon date as the server names it. */
export function exportFileName(now: Date = new Date()): string {
  return `clientes-${lisbonDateString(now)}.csv`;
}

/**
 * GET /api/export/clients as a file: the server's CSV (UTF-8, ';'), with the BOM that reading it as
 * text dropped put back, so Excel opens the accents correctly.
 */
export async function fetchClientsCsv(client: ApiClient = api): Promise<Blob> {
  const text = await client.get<string>(EXPORT_PATH);
  if (typeof text !== 'string') throw new Error(errorMessages.dataExportFailed);
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}

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
 * Reads the chosen file the way the server will (decodeCsvBytes and parseClientsCsv from
 * shared-schema: UTF-8, UTF-16 with BOM or Windows-1252; ';', ',' or tab), for the preview.
 */
export async function previewCsvFile(file: Pick<File, 'name' | 'arrayBuffer'>): Promise<CsvPreview> {
  const decoded = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  const empty = { fileName: file.name, columns: [], ignoredColumns: [], sample: [], readyCount: 0 };
  if (!decoded.ok) {
    return { ...empty, refusal: decoded.message, encoding: null, delimiter: ';', rejectedCount: 0 };
  }
  const parsed = parseClientsCsv(decoded.text);
  const refused = parsed.columns.length === 0;
  return {
    fileName: file.name,
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

/** POST /api/import/clients with the file's bytes (multipart `file`): the server decodes them as the preview did. */
export async function importClientsFile(
  file: Blob,
  fileName: string,
  client: ApiClient = api,
): Promise<ClientImportResult> {
  const form = new FormData();
  form.append(CSV_UPLOAD_FIELD, file, fileName);
  const answer = await client.post<unknown>(IMPORT_PATH, form);
  return clientImportResultSchema.parse(answer);
}

/** The pt-PT reason of a failed export or import, for the toast's description. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return OFFLINE_DETAIL;
  return errorMessages.checkDataAndRetry;
}
