import { z } from 'zod';
import {
  clientImportResultSchema,
  clientImportSchema,
  propertyCreateSchema,
  propertyListQuerySchema,
  propertySchema,
  propertyUpdateSchema,
  validationMessages,
} from '@casa/shared-schema';
import { crudRoutes } from '../../http/crud-routes';
import { domainCtx } from '../../http/context';
import { defineRoutes, route } from '../../http/route';
import { createProperty, deleteProperty, updateProperty } from './properties.domain';
import { answerCsvDownload, answerCsvImport } from '../../http/csv-transfer';
import { getProperty, listProperties, propertiesOfClient } from './properties.views';
import {
  exportPropertiesCsv,
  importPropertiesCsv,
  importPropertiesCsvFile,
  propertiesExportFileName,
} from './properties.csv';

/** Properties (Imóveis): the organization's inventory (docs/api.md). Writes run the shared mutators. */
export function propertiesRoutes() {
  return defineRoutes('properties', [
    ...crudRoutes({
      path: '/api/properties',
      read: 'member',
      write: 'writer',
      answer: propertySchema,
      invalidMessage: validationMessages.checkRequiredFields,
      list: {
        summary: 'List properties (filters, accent-insensitive search, keyset pages)',
        query: propertyListQuerySchema,
        errors: [400, 401, 403],
        run: listProperties,
      },
      get: { summary: 'One property', run: getProperty },
      create: {
        summary:
          'Create a property (client-generated id accepted; replay-safe; reference generated when absent)',
        body: propertyCreateSchema,
        run: createProperty,
      },
      update: {
        summary: 'Update a property',
        body: propertyUpdateSchema,
        run: (ctx, id, body) => updateProperty(ctx, { ...((body ?? {}) as object), id }),
      },
      remove: {
        summary: 'Delete a property (soft delete)',
        answers: 'ok',
        run: (ctx, id) => deleteProperty(ctx, { id }),
      },
    }),

    route(
      {
        method: 'GET',
        path: '/api/clients/:id/properties',
        summary: "A seller client's properties",
        audience: 'member',
        answer: z.array(propertySchema),
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await propertiesOfClient(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/export/properties',
        summary: 'Export properties as CSV (;-separated, UTF-8 with BOM; price in euros, owner by name)',
        audience: 'member',
        answerType: 'text/csv',
        errors: [401, 403],
      },
      (ctx) => answerCsvDownload(ctx, propertiesExportFileName, exportPropertiesCsv),
    ),

    route(
      {
        method: 'POST',
        path: '/api/import/properties',
        summary:
          "Import properties: the file's bytes as multipart field `file` (≤ 20 MB, any of the clients' import encodings) or `{csvData}` text; one transaction, a pt-PT reason per refused line, nothing half-written",
        audience: 'writer',
        body: clientImportSchema,
        answer: clientImportResultSchema,
        errors: [400, 413],
      },
      (ctx) => answerCsvImport(ctx, importPropertiesCsv, importPropertiesCsvFile),
    ),
  ]);
}
