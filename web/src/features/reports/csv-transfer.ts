import {
  clientImportResultSchema,
  CSV_UPLOAD_FIELD,
  errorMessages,
  lisbonDateString,
  type ClientImportResult,
} from '@casa/shared-schema';
import { api, ApiError, type ApiClient } from '../../lib/api';
import { OFFLINE_DETAIL } from '../../ui/offline-notice';
import type { CsvPreview } from './csv-preview';

export const EXPORT_PATH = '/api/export/clients';
export const IMPORT_PATH = '/api/import/clients';

/** docs/product.md#reports: the import accepts only a name ending in .csv (any case). */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** docs/product.md#reports: clientes-{date}.csv, the Lisbon date as the server names it. */
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

export type { CsvPreview } from './csv-preview';

/**
 * The preview of the chosen file, read the way the server will (see csv-preview.ts). In a browser it runs
 * in a worker: validating a 20,000-row file takes seconds on a phone, and the page must not freeze.
 */
export async function previewCsvFile(file: Pick<File, 'name' | 'arrayBuffer'>): Promise<CsvPreview> {
  const bytes = await file.arrayBuffer();
  if (typeof Worker === 'undefined') {
    // Loaded only here (tests, old browsers): the parser stays out of the reports screen's bundle.
    const { previewCsvBytes } = await import('./csv-preview');
    return previewCsvBytes(file.name, new Uint8Array(bytes));
  }
  const worker = new Worker(new URL('./csv-preview.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<CsvPreview>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<CsvPreview>) => resolve(event.data);
      worker.onerror = () => reject(new Error(errorMessages.checkDataAndRetry));
      worker.postMessage({ name: file.name, bytes }, [bytes]);
    });
  } finally {
    worker.terminate();
  }
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
