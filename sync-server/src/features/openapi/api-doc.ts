import type { Audience, DeclaredRoute } from '../../http/route';
import { toOpenApiPath } from './openapi.document';

export const ROUTES_BEGIN = '<!-- routes:begin: generated from the route declarations by `pnpm docs:api` -->';
export const ROUTES_END = '<!-- routes:end -->';

const WHO: Record<Audience, string> = {
  public: 'public',
  member: 'member',
  writer: 'writer',
  admin: 'admin',
  super_admin: 'super admin',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The route tables of docs/api.md, one per feature tag in mounting order. */
export function routeListMarkdown(routes: DeclaredRoute[]): string {
  const byTag = new Map<string, DeclaredRoute[]>();
  for (const r of routes) {
    const tag = r.tags[0] ?? 'other';
    byTag.set(tag, [...(byTag.get(tag) ?? []), r]);
  }
  const sections = [...byTag].map(([tag, list]) =>
    [
      `### ${tag}`,
      '',
      '| Route | Who | What |',
      '|---|---|---|',
      ...list.map((r) => {
        const status = r.status && r.status !== 200 ? ` (${r.status})` : '';
        return `| \`${r.method} ${toOpenApiPath(r.path)}\` | ${WHO[r.audience]} | ${cell(r.summary)}${status} |`;
      }),
    ].join('\n'),
  );
  return `${ROUTES_BEGIN}\n\n${sections.join('\n\n')}\n\n${ROUTES_END}`;
}

/** `doc` with its generated block replaced by `block`; throws when the markers are missing. */
export function withRouteList(doc: string, block: string): string {
  const begin = doc.indexOf(ROUTES_BEGIN);
  const end = doc.indexOf(ROUTES_END);
  if (begin < 0 || end < begin) throw new Error(`docs/api.md has no ${ROUTES_BEGIN} … ${ROUTES_END} block`);
  return doc.slice(0, begin) + block + doc.slice(end + ROUTES_END.length);
}
