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
import { okSchema } from '../../http/answers';
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
    route(
      {
        method: 'GET',
        path: '/api/properties',
        summary: 'List properties (filters, accent-insensitive search, keyset pages)',
        audience: 'member',
        query: propertyListQuerySchema,
        answer: z.array(propertySchema),
        errors: [400, 401, 403],
      },
      async (ctx) => {
        ctx.body = await listProperties(domainCtx(ctx), ctx.query);
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/properties/:id',
        summary: 'One property',
        audience: 'member',
        answer: propertySchema,
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await getProperty(domainCtx(ctx), ctx.params.id);
      },
    ),

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
        method: 'POST',
        path: '/api/properties',
        summary:
          'Create a property (client-generated id accepted; replay-safe; reference generated when absent)',
        audience: 'writer',
        body: propertyCreateSchema,
        invalidMessage: validationMessages.checkRequiredFields,
        answer: propertySchema,
        status: 201,
        errors: [400, 409],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createProperty(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/properties/:id',
        summary: 'Update a property',
        audience: 'writer',
        body: propertyUpdateSchema,
        invalidMessage: validationMessages.checkRequiredFields,
        answer: propertySchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        ctx.body = await updateProperty(domainCtx(ctx), { ...body, id: ctx.params.id });
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/properties/:id',
        summary: 'Delete a property (soft delete)',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await deleteProperty(domainCtx(ctx), { id: ctx.params.id });
        ctx.body = { ok: true };
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
