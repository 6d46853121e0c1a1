import { defineRoutes, route } from '../../http/route';
import { okSchema } from '../../http/answers';
import { z } from 'zod';
import {
  followUpCompleteBodySchema,
  followUpCompleteSchema,
  followUpCreateSchema,
  followUpListItemSchema,
  followUpSchema,
  followUpUpdateSchema,
  visitFeedbackBodySchema,
} from '@casa/shared-schema';
import { domainCtx } from '../../http/context';
import {
  completeFollowUp,
  createFollowUp,
  deleteFollowUp,
  getFollowUp,
  listFollowUps,
  recordVisitFeedback,
  todayFollowUps,
  updateFollowUp,
} from './follow-ups.domain';
import { bodyOf } from '../../http/json-body';

/** FollowUpCompletion (follow-ups.domain.ts). */
const followUpCompletionSchema = z.object({
  followUp: followUpSchema,
  nextFollowUp: followUpSchema.nullable(),
});

export function followUpsRoutes() {
  return defineRoutes('follow-ups', [
    route(
      {
        method: 'GET',
        path: '/api/followups',
        summary: 'List follow-ups',
        audience: 'member',
        answer: z.array(followUpListItemSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await listFollowUps(domainCtx(ctx));
      },
    ),

    // Before '/api/followups/:id' so that 'today' is not taken for an id.
    route(
      {
        method: 'GET',
        path: '/api/followups/today',
        summary: "Today's follow-ups (Lisbon)",
        audience: 'member',
        answer: z.array(followUpListItemSchema),
        errors: [401, 403],
      },
      async (ctx) => {
        ctx.body = await todayFollowUps(domainCtx(ctx));
      },
    ),

    route(
      {
        method: 'GET',
        path: '/api/followups/:id',
        summary: 'One follow-up',
        audience: 'member',
        answer: followUpListItemSchema,
        errors: [404],
      },
      async (ctx) => {
        ctx.body = await getFollowUp(domainCtx(ctx), ctx.params.id);
      },
    ),

    route(
      {
        method: 'POST',
        path: '/api/followups',
        summary: 'Create a follow-up',
        audience: 'writer',
        body: followUpCreateSchema,
        answer: followUpSchema,
        status: 201,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.status = 201;
        ctx.body = await createFollowUp(domainCtx(ctx), ctx.request.body);
      },
    ),

    // Before '/api/followups/:id' so that 'complete' is not taken for an id.
    route(
      {
        method: 'PUT',
        path: '/api/followups/complete',
        summary: 'Complete a follow-up (id in the body), optionally scheduling the next',
        audience: 'writer',
        body: followUpCompleteSchema,
        answer: followUpCompletionSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await completeFollowUp(domainCtx(ctx), ctx.request.body);
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/followups/:id/complete',
        summary: 'Complete a follow-up, optionally scheduling the next',
        audience: 'writer',
        body: followUpCompleteBodySchema,
        answer: followUpCompletionSchema,
        errors: [400, 404, 409],
      },
      async (ctx) => {
        ctx.body = await completeFollowUp(domainCtx(ctx), { ...bodyOf(ctx.request.body), id: ctx.params.id });
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/followups/:id/visit-feedback',
        summary: "Record a visit's feedback (type Visita only): interest 1–5, price opinion, comments",
        audience: 'writer',
        body: visitFeedbackBodySchema,
        answer: followUpSchema,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.body = await recordVisitFeedback(domainCtx(ctx), {
          ...bodyOf(ctx.request.body),
          id: ctx.params.id,
        });
      },
    ),

    route(
      {
        method: 'PUT',
        path: '/api/followups/:id',
        summary: 'Update a follow-up',
        audience: 'writer',
        body: followUpUpdateSchema,
        answer: followUpSchema,
        errors: [400, 404],
      },
      async (ctx) => {
        ctx.body = await updateFollowUp(domainCtx(ctx), { ...bodyOf(ctx.request.body), id: ctx.params.id });
      },
    ),

    route(
      {
        method: 'DELETE',
        path: '/api/followups/:id',
        summary: 'Delete a follow-up (soft delete)',
        audience: 'writer',
        answer: okSchema,
        errors: [404],
      },
      async (ctx) => {
        await deleteFollowUp(domainCtx(ctx), { id: ctx.params.id });
        ctx.body = { ok: true };
      },
    ),
  ]);
}
