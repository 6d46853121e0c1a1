import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments and docs point to documents inside the repository (docs/product.md and its neighbours), never
 * to section numbers of the outside specifications this product was first described in.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROOTS = ['shared-schema', 'sync-server', 'web', 'scripts', 'docs'];
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);
const OUTSIDE_CITATION = /\b[Ss]pecs?\s?[12]\b|§\s*\d/;
/**
 * "the spec", "the spec's text", "spec issue 3": a document outside the repository, named loosely. Code
 * may still call a variable `spec` (`spec.table`), and Playwright's test files are `*.spec.ts`.
 */
const LOOSE_SPEC =
  /\b(?:the|a|an|this|that|its|our|outside|original) spec\b(?!\s+files?\b)|\bspec's\b|\bspec (?:issue|section|text|texts|message|messages|defaults|wording|title|payload|keys|rules?|prices|says|shows|gives|words|states)\b/i;
const POINTER = /docs\/product\.md#([a-z0-9-]+)((?:, #[a-z0-9-]+)*)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx|md)$/.test(entry.name) ? [full] : [];
  });
}

const files = [...ROOTS.flatMap((root) => sources(path.join(repo, root))), path.join(repo, 'README.md')]
  .map((full) => ({
    name: path.relative(repo, full).split(path.sep).join('/'),
    lines: readFileSync(full, 'utf8').split('\n'),
  }))
  .filter(({ name }) => !name.endsWith('/doc-pointers.test.ts')); // this file spells both patterns

const slug = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
const anchors = new Set(
  readFileSync(path.join(repo, 'docs/product.md'), 'utf8')
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) => slug(line.replace(/^#+ /, ''))),
);

describe('pointers to the product description', () => {
  it('no file cites an outside spec by section number: point to docs/product.md instead', () => {
    const hits = files.flatMap(({ name, lines }) =>
      lines.flatMap((line, i) => (OUTSIDE_CITATION.test(line) ? [`${name}:${i + 1}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('no comment, test name or doc mentions "the spec": name the document in the repo, or say the behaviour', () => {
    const hits = files.flatMap(({ name, lines }) =>
      lines.flatMap((line, i) => (LOOSE_SPEC.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });

  it('every docs/product.md#anchor names a section of docs/product.md', () => {
    expect(anchors.size).toBeGreaterThan(10);
    const broken = files.flatMap(({ name, lines }) =>
      lines.flatMap((line, i) =>
        [...line.matchAll(POINTER)]
          .flatMap((m) => [m[1]!, ...(m[2] ?? '').split(', #').filter(Boolean)])
          .filter((anchor) => !anchors.has(anchor))
          .map((anchor) => `${name}:${i + 1} #${anchor}`),
      ),
    );
    expect(broken).toEqual([]);
  });
});
