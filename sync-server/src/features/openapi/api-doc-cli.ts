import { readFileSync, writeFileSync } from 'node:fs';
import { apiRoutes } from '../../app';
import { routeListMarkdown, withRouteList } from './api-doc';

/** `pnpm docs:api`: rewrites the route list of docs/api.md from the route declarations. */
const file = new URL('../../../../docs/api.md', import.meta.url);
const before = readFileSync(file, 'utf8');
const after = withRouteList(before, routeListMarkdown(apiRoutes()));
writeFileSync(file, after);
process.stdout.write(after === before ? 'docs/api.md is up to date\n' : 'docs/api.md rewritten\n');
