import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as index from './index';
import * as values from './values';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `file` reaches through its relative imports (itself included), and the packages they name. */
function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  // A type-only import is erased from the build: it loads nothing.
  for (const [, spec] of code.matchAll(/(?:import|export)\s(?!type\s)[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
    if (!spec!.startsWith('.')) packages.add(spec!);
    else {
      const base = resolve(dirname(file), spec!);
      reach(existsSync(`${base}.ts`) ? `${base}.ts` : resolve(base, 'index.ts'), seen, packages);
    }
  }
  return { seen, packages };
}

// '@casa/shared-schema/values' is what the web app's start imports (issue 19, docs/decisions.md).
describe('@casa/shared-schema/values', () => {
  it('reaches no zod, directly or not', () => {
    const { seen, packages } = reach(resolve(here, 'values.ts'));
    expect(seen.size).toBeGreaterThan(5);
    expect([...packages]).not.toContain('zod');
  });

  it('is the same data the index exports (one definition)', () => {
    for (const [name, value] of Object.entries(values)) {
      expect(index[name as keyof typeof index], name).toBe(value);
    }
  });
});

// '@casa/shared-schema/sync-contract' is what the device's sync client loads to check the server's answers.
describe('@casa/shared-schema/sync-contract', () => {
  it('sets zod up first and reaches no entity schema', () => {
    const door = resolve(here, 'sync/contract-door.ts');
    const first = readFileSync(door, 'utf8').match(/^import\s+['"]([^'"]+)['"]/m)?.[1];
    expect(first).toBe('../zod-setup');
    const { seen, packages } = reach(door);
    expect([...packages]).toContain('zod');
    const entities = [...seen].filter((file) => /[\\/](entities|api|mutators)[\\/]/.test(file));
    expect(entities).toEqual([]);
  });
});

// A module imported only for what it does (`import './zod-setup'`) is dropped by the bundler unless the
// package lists it in `sideEffects`: zod would then build the schemas before its setup (CSP, pt-PT messages).
describe('the package.json side effects', () => {
  it('list every module that a module of the package imports only to run it', () => {
    const pkg = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as {
      sideEffects: string[];
    };
    const listed = new Set(pkg.sideEffects.map((file) => resolve(here, '..', file)));
    const files = [
      ...reach(resolve(here, 'index.ts')).seen,
      ...reach(resolve(here, 'sync/contract-door.ts')).seen,
    ];
    const runOnly = new Set<string>();
    for (const file of files) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/^import\s+['"](\.[^'"]+)['"]/gm)) {
        runOnly.add(`${resolve(dirname(file), spec!)}.ts`);
      }
    }
    expect(runOnly.size).toBeGreaterThan(0);
    expect([...runOnly].filter((file) => !listed.has(file))).toEqual([]);
    // The doors themselves run the setup they import.
    expect(listed.has(resolve(here, 'sync/contract-door.ts'))).toBe(true);
  });
});
