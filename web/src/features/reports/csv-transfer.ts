import {
  clientImportResultSchema,
  errorMessages,
  lisbonDateString,
  type ClientImportResult,
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

/** POST /api/import/clients {csvData} with the file read as UTF-8; the answer checked against the schema. */
export async function importClientsFile(
  file: Pick<File, 'text'>,
  client: ApiClient = api,
): Promise<ClientImportResult> {
  const csvData = await file.text();
  const answer = await client.post<unknown>(IMPORT_PATH, { csvData });
  return clientImportResultSchema.parse(answer);
}

/** The pt-PT reason of a failed export or import, for the toast's description. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return OFFLINE_DETAIL;
  return errorMessages.checkDataAndRetry;
}
