import { Readable } from 'node:stream';
import type { z } from 'zod';
import { internal } from './errors';
import type { AppMiddleware } from './types';

type Declared = { method: string; path: string; answer?: z.ZodType; answerType?: string };

/**
 * JSON the handler set, as the wire carries it (dates as ISO text); undefined for anything else. JSON
 * bytes the handler sends as they are (a cached answer, features/clients/client-answers.policy.ts) are checked too.
 */
function jsonOf(body: unknown, isJson: boolean): unknown {
  if (isJson && (typeof body === 'string' || Buffer.isBuffer(body)))
    return JSON.parse(body.toString()) as unknown;
  if (body === null || body === undefined || typeof body !== 'object') return undefined;
  if (Buffer.isBuffer(body) || body instanceof Readable || body instanceof Uint8Array) return undefined;
  return JSON.parse(JSON.stringify(body)) as unknown;
}

/**
 * Under NODE_ENV=test (every API test), a JSON success answer must parse with the route's declared
 * answer schema: a handler that answers another shape fails the request loudly (500 + console.error,
 * which fails the test). Outside tests the check costs nothing. Non-JSON answers declare `answerType`.
 */
export function checkAnswer(r: Declared): AppMiddleware {
  return async (ctx, next) => {
    await next();
    if (ctx.deps.env.NODE_ENV !== 'test' || ctx.status < 200 || ctx.status >= 300) return;
    if (r.answerType) return;
    const json = jsonOf(ctx.body, Boolean(ctx.response.is('json')));
    if (json === undefined) return;
    const problem = !r.answer
      ? 'no answer schema is declared'
      : r.answer
          .safeParse(json)
          .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ');
    if (!problem) return;
    const text = `${r.method} ${r.path} answered a shape other than its declared answer: ${problem}`;
    console.error(text);
    throw internal(text);
  };
}
