import { z } from 'zod';
import { Readable } from 'node:stream';
import { defineRoutes, route } from '../../http/route';
import {
  profileSchema,
  userProfileUpdateSchema,
  userSettingsSchema,
  userSettingsUpdateSchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import { deleteAccount } from './account-deletion.domain';
import { exportFileName, streamUserExport } from './user-export.domain';
import { getSettings, updateSettings, updateUserProfile } from './user-settings.domain';
import { keepCurrentSession } from '../accounts/password.service';

const accountDeletedSchema = z.object({ ok: z.literal(true), organizationDeleted: z.boolean() });

export function userSettingsRoutes() {
  return defineRoutes('user-settings', [
    route(
      {
        method: 'GET',
        path: '/api/user/settings',
        summary: 'Own settings (defaults filled in)',
        audience: 'member',
        answer: userSettingsSchema,
        errors: [401],
      },
      async (ctx) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await getSettings(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/user/settings',
        summary: 'Update own settings (any subset)',
        audience: 'member',
        body: userSettingsUpdateSchema,
        answer: userSettingsSchema,
        errors: [400, 401],
      },
      async (ctx) => {
        ctx.body = await updateSettings(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/user/profile',
        summary: 'Update own profile from the settings page',
        audience: 'member',
        body: userProfileUpdateSchema,
        answer: profileSchema,
        errors: [400, 401, 409],
      },
      async (ctx) => {
        ctx.body = await updateUserProfile(domainCtx(ctx), ctx.request.body);
        await keepCurrentSession(ctx);
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/user/export',
        summary: 'Download all own data (attachment casa-crm-dados-YYYY-MM-DD.json)',
        audience: 'member',
        answerType: 'application/json',
        errors: [401],
      },
      async (ctx) => {
        const dctx = domainCtx(ctx);
        // Streamed in bounded pieces, with backpressure: the event loop stays free for every other tenant.
        const pieces = await streamUserExport(dctx);
        ctx.set('Cache-Control', 'no-store');
        ctx.attachment(exportFileName(dctx.now));
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = Readable.from(pieces, { highWaterMark: 1 }); // one piece ahead of the socket, not 16
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/account',
        summary: 'Delete own account',
        audience: 'member',
        answer: accountDeletedSchema,
        errors: [401, 409],
      },
      async (ctx) => {
        const result = await deleteAccount(domainCtx(ctx));
        ctx.session = null;
        ctx.body = { ok: true, ...result };
      },
    ),
  ]);
}
