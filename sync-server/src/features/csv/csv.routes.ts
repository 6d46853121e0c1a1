import { defineRoutes, route } from '../../http/route';
import { clientImportResultSchema, clientImportSchema } from '@casa/shared-schema';
import { jsonBodyParser } from '../../http/json-body';
import { answerCsvDownload, answerCsvImport } from '../../http/csv-transfer';
import { SESSION_COOKIE } from '../../http/session';
import type { AppMiddleware } from '../../http/types';
import { exportClientsCsv, exportFileName } from './csv.export';
import { importClientsCsv, importClientsCsvFile } from './csv.import';

export const IMPORT_PATH = '/api/import/clients';
/** A 20,000-row CSV is about 5 MB of JSON-escaped text; this route alone accepts up to 25 MB. */
export const IMPORT_JSON_LIMIT = '25mb';

/**
 * Parses the JSON body of POST /api/import/clients with the larger limit. Mounted in app.ts BEFORE the
 * general body parser, which then skips the already-parsed body; every other route keeps BODY_LIMIT.
 * Requests without a session cookie get the general limit (and then 401).
 */
export function csvImportBodyParser(): AppMiddleware {
  const parse = jsonBodyParser(IMPORT_JSON_LIMIT);
  // Without a session cookie the request is answered 401 later anyway: never read 25 MB for it.
  return (ctx, next) =>
    ctx.method === 'POST' && ctx.path === IMPORT_PATH && ctx.cookies.get(SESSION_COOKIE)
      ? parse(ctx, next)
      : next();
}

export function csvRoutes() {
  return defineRoutes('csv', [
    route(
      {
        method: 'GET',
        path: '/api/export/clients',
        summary: 'Export clients as CSV (;-separated, UTF-8 with BOM)',
        audience: 'member',
        answerType: 'text/csv',
        errors: [401, 403],
      },
      (ctx) => answerCsvDownload(ctx, exportFileName, exportClientsCsv),
    ),

    // The file's bytes (multipart field `file`, any encoding: the server decodes them), or {csvData} as text.
    route(
      {
        method: 'POST',
        path: IMPORT_PATH,
        summary:
          "Import clients: the file's bytes as multipart field `file` (≤ 20 MB; UTF-8 with or without BOM, UTF-16 with BOM, else Windows-1252, decoded by `decodeCsvBytes` in shared-schema as the web preview does; `;`, `,` or tab), or `{csvData}` text (body up to 25 MB); a damaged text (U+FFFD) or a header with no known column is refused whole at line 1; `ignoredColumns` names header cells that were not imported",
        audience: 'writer',
        body: clientImportSchema,
        answer: clientImportResultSchema,
        errors: [400, 413],
      },
      (ctx) => answerCsvImport(ctx, importClientsCsv, importClientsCsvFile),
    ),
  ]);
}
