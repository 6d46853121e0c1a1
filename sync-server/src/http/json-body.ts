import { bodyParser } from '@koa/bodyparser';
import { errorMessages, REQUEST_MAX_DEPTH, requestBodyProblem } from '@casa/shared-schema';
import { badRequest } from './errors';
import type { AppMiddleware } from './types';

/**
 * The JSON body parser of every /api route (issue 17): the usual size limit, and then two bounds no
 * valid request comes near, each refused with a pt-PT 400 before any route reads the body:
 * - nesting deeper than REQUEST_MAX_DEPTH, found by a scan of the raw text BEFORE JSON.parse (parsing
 *   4 MB of '[' takes seconds of the one event loop; the scan, a few milliseconds);
 * - U+0000 or a lone surrogate in any string or key (Postgres cannot store the first; the drivers
 *   silently replace the second).
 * DELETE bodies are read too, so a route that takes no body cannot be reached with a poisoned one.
 */

/** How deep the raw JSON text nests, stopping as soon as it passes `max` (strings are skipped). */
export function jsonTextDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Like co-body's strict mode: an empty body is {}, anything but an object or array is refused. */
function parseStrictJson(text: string): unknown {
  if (text.trim() === '') return {};
  if (!/^[\s\uFEFF]*[[{]/.test(text)) throw badRequest(errorMessages.invalidJson);
  if (jsonTextDepthExceeds(text, REQUEST_MAX_DEPTH)) throw badRequest(errorMessages.requestTooDeep);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw badRequest(errorMessages.invalidJson);
  }
}

function refuseUnstorable(body: unknown, refuseCharacters: boolean): void {
  const problem = requestBodyProblem(body);
  if (problem === 'depth') throw badRequest(errorMessages.requestTooDeep);
  if (problem === 'characters' && refuseCharacters) throw badRequest(errorMessages.requestInvalidCharacters);
}

const JSON_TYPES = ['application/json', 'application/*+json', 'application/csp-report'];
const PARSED = Symbol('casa.jsonBodyParsed');

/**
 * Drop-in for `bodyParser({enableTypes: ['json'], jsonLimit, jsonStrict: true})`: the body is read as text
 * (with the limit), checked, then parsed. A body an earlier parser already produced is left as is.
 * `refuseCharacters: false` is for the sync push: a body carries up to 200 queued mutations, and refusing
 * all of them for one text with U+0000 would jam the device's queue for ever; there each mutation's own
 * schema (safeString) refuses it, and the refusal is recorded as that mutation's rejection (docs/sync.md).
 */
export function jsonBodyParser(
  jsonLimit: string,
  { refuseCharacters = true }: { refuseCharacters?: boolean } = {},
): AppMiddleware {
  const readText = bodyParser({
    enableTypes: ['text'],
    extendTypes: { text: JSON_TYPES },
    textLimit: jsonLimit,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  }) as AppMiddleware;
  return (ctx, next) =>
    readText(ctx, async () => {
      const state = ctx.state as Record<symbol, unknown>;
      if (!state[PARSED] && typeof ctx.request.body === 'string') {
        // text/plain is read as text too (bodyParser's default text type): like the JSON parser, ignore it.
        const isJson = Boolean(ctx.request.is(JSON_TYPES));
        ctx.request.body = isJson ? parseStrictJson(ctx.request.body) : {};
        refuseUnstorable(ctx.request.body, refuseCharacters);
        state[PARSED] = true;
      }
      await next();
    });
}

/** A parsed JSON body as a record (anything else as {}), to add route params to before the domain parses it. */
export const bodyOf = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
