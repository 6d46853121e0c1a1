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
