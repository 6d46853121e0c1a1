import { describe, expect, it } from 'vitest';
import {
  namesImportedFrom,
  startChunkFaults,
  startChunkNamer,
  staticClosure,
  type ModuleGraph,
} from '../../build/chunk-groups';

// The build's chunk grouping (web/build/chunk-groups.ts) over a small module graph with both library indexes.
const MUI = '/nm/@mui/material/index.mjs';
const SCHEMA = '/repo/shared-schema/src/index.ts';
const CONTRACT = '/repo/shared-schema/src/sync/contract-door.ts';
const COLLECTIONS = '/repo/shared-schema/src/sync/collections.ts';
const ZOD = '/nm/zod/index.js';
const modules: Record<string, { importedIds: string[]; code: string }> = {
  '/web/main.tsx': { importedIds: ['/web/landing.tsx'], code: '' },
  '/web/landing.tsx': {
    importedIds: [MUI, SCHEMA],
    code: `import { Box } from "@mui/material";\nimport { userSchema } from "@casa/shared-schema";`,
  },
  '/web/login.tsx': {
    importedIds: [MUI, '/web/form.ts'],
    code: `import { TextField, type Theme } from "@mui/material";`,
  },
  '/web/form.ts': { importedIds: [], code: '' },
  '/web/frame.tsx': {
    importedIds: [MUI, SCHEMA, '/web/form.ts', '/web/shell.tsx'],
    code: `import { Drawer as D, Box } from "@mui/material";\nimport { clientSchema } from "@casa/shared-schema";`,
  },
  '/web/shell.tsx': { importedIds: [], code: '' },
  // The sync client, and the sync contract's door (zod without the entity schemas).
  '/web/sync.ts': { importedIds: ['/web/shell.tsx', COLLECTIONS, '/web/engine.ts'], code: '' },
  '/web/engine.ts': { importedIds: [], code: '' },
  [CONTRACT]: { importedIds: [ZOD, COLLECTIONS], code: '' },
  [ZOD]: { importedIds: [], code: '' },
  [COLLECTIONS]: { importedIds: [], code: '' },
  // Inside the schema package, modules name its index by a relative path.
  '/repo/shared-schema/src/mutators/clients.ts': {
    importedIds: [SCHEMA],
    code: `import { clientSchema } from "../index";`,
  },
  '/web/everything.ts': { importedIds: [SCHEMA], code: `import * as schema from "@casa/shared-schema";` },
  [MUI]: {
    importedIds: [
      '/nm/@mui/material/Box/index.mjs',
      '/nm/@mui/material/Drawer/index.mjs',
      '/nm/@mui/material/TextField/index.mjs',
    ],
    code: [
      'export { default as Box } from "./Box/index.mjs";',
      'export { default as Drawer } from "./Drawer/index.mjs";',
      'export { default as TextField } from "./TextField/index.mjs";',
    ].join('\n'),
  },
  '/nm/@mui/material/Box/index.mjs': { importedIds: [], code: '' },
  '/nm/@mui/material/Drawer/index.mjs': { importedIds: [], code: '' },
  '/nm/@mui/material/TextField/index.mjs': { importedIds: [], code: '' },
  [SCHEMA]: {
    importedIds: ['/repo/shared-schema/src/i18n.ts', '/repo/shared-schema/src/entities/index.ts'],
    code: `import "./i18n";\nexport * from "./entities/index";`,
  },
  '/repo/shared-schema/src/i18n.ts': { importedIds: [], code: '' },
  '/repo/shared-schema/src/entities/index.ts': {
    importedIds: [
      '/repo/shared-schema/src/entities/user.ts',
      '/repo/shared-schema/src/entities/client.ts',
      '/repo/shared-schema/src/entities/tag.ts',
    ],
    code: `export * from "./user";\nexport * from "./client";\nexport * from "./tag";`,
  },
  '/repo/shared-schema/src/entities/tag.ts': { importedIds: [], code: 'export const tagSchema = 1;' },
  '/repo/shared-schema/src/entities/user.ts': { importedIds: [], code: 'export const userSchema = 1;' },
  '/repo/shared-schema/src/entities/client.ts': {
    importedIds: [],
    code: 'const a = 1;\nexport { a as clientSchema };',
  },
};
// The start in stages: the entry imports React's renderer, the theme and the app's shell dynamically.
const REACT = '/nm/react/index.js';
const REACT_DOM = '/nm/react-dom/index.js';
const RENDERER = '/nm/react-dom/client.js';
Object.assign(modules, {
  '/web/boot.tsx': { importedIds: [REACT, '/web/preload.ts'], code: '' },
  '/web/preload.ts': { importedIds: [], code: '' },
  [REACT]: { importedIds: [], code: '' },
  [REACT_DOM]: { importedIds: [REACT], code: '' },
  [RENDERER]: { importedIds: [REACT, REACT_DOM, '/nm/scheduler/index.js'], code: '' },
  '/nm/scheduler/index.js': { importedIds: [], code: '' },
  '/web/theme.tsx': { importedIds: [REACT, MUI], code: `import { Box } from "@mui/material";` },
  '/web/app.tsx': {
    importedIds: [REACT, REACT_DOM, '/web/theme.tsx', '/web/landing.tsx', MUI],
    code: `import { Box, Drawer } from "@mui/material";`,
  },
  '/web/portal-frame.tsx': { importedIds: [REACT_DOM, MUI], code: `import { Drawer } from "@mui/material";` },
});
const graph: ModuleGraph = (id) => modules[id] ?? null;

/** An output chunk as the check reads it, its imports named by chunk. */
const outputChunk = (name: string, imports: string[], moduleIds: string[] = []) => ({
  name,
  fileName: `assets/${name}.js`,
  imports: imports.map((n) => `assets/${n}.js`),
  moduleIds,
});

describe('start chunks', () => {
  it('reads the names imported from a library, without types or aliases', () => {
    expect(namesImportedFrom(modules['/web/frame.tsx']!.code, '@mui/material')).toEqual(['Drawer', 'Box']);
    expect(namesImportedFrom(modules['/web/login.tsx']!.code, '@mui/material')).toEqual([
      'TextField',
      'Theme',
    ]);
  });

  it('follows a library index only to the modules behind the names used (and its side-effect imports)', () => {
    const closure = staticClosure(['/web/main.tsx'], graph);
    expect(closure.has('/nm/@mui/material/Box/index.mjs')).toBe(true);
    expect(closure.has('/nm/@mui/material/Drawer/index.mjs')).toBe(false);
    expect(closure.has('/repo/shared-schema/src/i18n.ts')).toBe(true);
    expect(closure.has('/repo/shared-schema/src/entities/user.ts')).toBe(true);
    expect(closure.has('/repo/shared-schema/src/entities/client.ts')).toBe(false);
  });

  it('follows the index named by a relative path, and all of it for a namespace import', () => {
    const relative = staticClosure(['/repo/shared-schema/src/mutators/clients.ts'], graph);
    expect(relative.has('/repo/shared-schema/src/entities/client.ts')).toBe(true);
    expect(relative.has('/repo/shared-schema/src/entities/user.ts')).toBe(false);
    // An index that is itself a root is followed whole, even when another root reached it by a name first.
    const both = staticClosure([SCHEMA, '/repo/shared-schema/src/mutators/clients.ts'], graph);
    expect(both.has('/repo/shared-schema/src/entities/tag.ts')).toBe(true);
    const all = staticClosure(['/web/everything.ts'], graph);
    expect(all.has('/repo/shared-schema/src/entities/user.ts')).toBe(true);
    expect(all.has('/repo/shared-schema/src/entities/client.ts')).toBe(true);
  });

  it('puts each module in the first start chunk that reaches it, sharing what two of them need', () => {
    const name = startChunkNamer({
      entry: ['/web/main.tsx'],
      visitor: ['/web/login.tsx'],
      signedIn: ['/web/frame.tsx'],
      forms: [SCHEMA],
    });
    const chunk = (id: string) => name(id, graph);
    expect(chunk('/nm/@mui/material/Box/index.mjs')).toBe('app');
    expect(chunk('/repo/shared-schema/src/entities/user.ts')).toBe('app');
    // The signed-in start's and a visitor's, or the signed-in start's and the forms': in neither's chunk.
    expect(chunk('/web/form.ts')).toBe('shared');
    expect(chunk('/repo/shared-schema/src/entities/client.ts')).toBe('shared');
    expect(chunk('/nm/@mui/material/TextField/index.mjs')).toBe('public');
    expect(chunk('/nm/@mui/material/Drawer/index.mjs')).toBe('signed-in');
    expect(chunk('/web/shell.tsx')).toBe('signed-in');
    expect(chunk('/repo/shared-schema/src/entities/tag.ts')).toBe('forms');
    expect(chunk('/web/elsewhere.tsx')).toBeNull();
  });

  it('gives zod and the sync contract a chunk of their own, and the sync client shares what they need', () => {
    const name = startChunkNamer({
      entry: ['/web/main.tsx'],
      visitor: ['/web/login.tsx'],
      signedIn: ['/web/frame.tsx'],
      forms: [SCHEMA],
      zod: [CONTRACT],
      afterFrame: ['/web/sync.ts'],
    });
    const chunk = (id: string) => name(id, graph);
    expect(chunk(ZOD)).toBe('zod');
    expect(chunk(CONTRACT)).toBe('zod');
    // The sync client's plain data is in a chunk it may import; its own modules in its own chunk.
    expect(chunk(COLLECTIONS)).toBe('shared');
    expect(chunk('/web/engine.ts')).toBe('sync');
    expect(chunk('/web/shell.tsx')).toBe('signed-in');
  });

  it('gives each stage of the start its chunk, a later stage importing an earlier one, the renderer alone', () => {
    const name = startChunkNamer({
      entry: ['/web/boot.tsx'],
      stages: [
        { name: 'react-dom', roots: [RENDERER], alone: true },
        { name: 'theme', roots: ['/web/theme.tsx'] },
        { name: 'ui', roots: ['/web/app.tsx'] },
      ],
      visitor: ['/web/login.tsx'],
      signedIn: ['/web/portal-frame.tsx'],
    });
    const chunk = (id: string) => name(id, graph);
    expect(chunk('/web/boot.tsx')).toBe('app');
    expect(chunk('/web/preload.ts')).toBe('app');
    expect(chunk(RENDERER)).toBe('react-dom');
    expect(chunk('/nm/scheduler/index.js')).toBe('react-dom');
    // The renderer's chunk is imported by nobody: what other chunks need of it goes with the entry.
    expect(chunk(REACT)).toBe('app');
    expect(chunk(REACT_DOM)).toBe('app');
    // The theme's stage comes first: the shell's chunk imports it, already evaluated by then.
    expect(chunk('/web/theme.tsx')).toBe('theme');
    expect(chunk('/nm/@mui/material/Box/index.mjs')).toBe('theme');
    expect(chunk('/web/app.tsx')).toBe('ui');
    expect(chunk('/web/landing.tsx')).toBe('ui');
    expect(chunk('/nm/@mui/material/Drawer/index.mjs')).toBe('ui');
    expect(chunk('/nm/@mui/material/TextField/index.mjs')).toBe('public');
  });

  it('faults a stage importing a later one or the renderer, and any chunk importing the renderer', () => {
    const renderer = outputChunk('react-dom', ['app']);
    expect(
      startChunkFaults([
        outputChunk('app', []),
        renderer,
        outputChunk('theme', ['app']),
        outputChunk('ui', ['app', 'theme']),
        outputChunk('signed-in', ['app', 'theme', 'ui']),
      ]),
    ).toEqual([]);
    expect(
      startChunkFaults([renderer, outputChunk('theme', ['ui']), outputChunk('ui', ['react-dom'])]),
    ).toEqual([
      "start chunk 'theme' imports 'ui' (assets/ui.js): see build/chunk-groups.ts",
      "start chunk 'ui' imports 'react-dom' (assets/react-dom.js): see build/chunk-groups.ts",
    ]);
    expect(startChunkFaults([renderer, outputChunk('signed-in', ['react-dom'])])).toEqual([
      "start chunk 'signed-in' imports 'react-dom' (assets/react-dom.js): see build/chunk-groups.ts",
    ]);
  });

  it('refuses a plan naming a module the build does not have', () => {
    const name = startChunkNamer({ entry: ['/web/main.tsx'], visitor: ['/web/gone.tsx'], signedIn: [] });
    expect(() => name('/web/main.tsx', graph)).toThrow('/web/gone.tsx');
  });

  it('faults a start chunk importing a later one, or zod in the signed-in start', () => {
    const zod = '/repo/node_modules/.pnpm/zod@4.1.13/node_modules/zod/v4/classic/schemas.js';
    const clean = [
      outputChunk('app', [], ['/web/main.tsx', SCHEMA.replace('index.ts', 'values.ts')]),
      outputChunk('shared', ['app']),
      outputChunk('signed-in', ['app', 'shared']),
      outputChunk('zod', ['app', 'shared'], [zod, CONTRACT]),
      outputChunk('forms', ['app', 'shared', 'zod'], [SCHEMA]),
      outputChunk('public', ['app', 'shared', 'zod', 'forms']),
      outputChunk('sync', ['app', 'shared', 'signed-in']),
    ];
    expect(startChunkFaults(clean)).toEqual([]);
    // The sync client, evaluated just after the first paint, loads zod and the forms only when it needs them.
    expect(startChunkFaults([outputChunk('sync', ['zod']), outputChunk('zod', [])])).toEqual([
      "start chunk 'sync' imports 'zod' (assets/zod.js): see build/chunk-groups.ts",
    ]);
    expect(startChunkFaults([outputChunk('sync', [], [zod])])[0]).toContain(
      `start chunk 'sync' carries ${zod}`,
    );
    // zod's own chunk carries no entity schema (their rules, free of zod, may be anywhere).
    const entity = '/repo/shared-schema/src/entities/client.ts';
    expect(startChunkFaults([outputChunk('zod', [], [zod, entity])])[0]).toContain(
      `start chunk 'zod' carries ${entity}`,
    );
    expect(startChunkFaults([outputChunk('zod', [], [zod, entity.replace('.ts', '-rules.ts')])])).toEqual([]);
    // A signed-in start downloads neither the visitor's pages nor the forms.
    expect(
      startChunkFaults([
        outputChunk('signed-in', ['app', 'public']),
        outputChunk('public', []),
        outputChunk('shared', ['forms']),
        outputChunk('forms', []),
      ]),
    ).toEqual([
      "start chunk 'signed-in' imports 'public' (assets/public.js): see build/chunk-groups.ts",
      "start chunk 'shared' imports 'forms' (assets/forms.js): see build/chunk-groups.ts",
    ]);
    expect(startChunkFaults([outputChunk('app', ['signed-in']), outputChunk('signed-in', ['app'])])).toEqual([
      "start chunk 'app' imports 'signed-in' (assets/signed-in.js): see build/chunk-groups.ts",
    ]);
    // The entry chunk is evaluated before the first render: no zod, nor the schema index that configures it.
    const faults = startChunkFaults([
      outputChunk('app', [], ['/web/main.tsx', zod]),
      outputChunk('public', ['app'], [zod]),
    ]);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toContain(`start chunk 'app' carries ${zod}`);
    expect(startChunkFaults([outputChunk('app', [], [SCHEMA])])[0]).toContain(SCHEMA);
    // The fault names where to cut: the chunk's own modules that import a banned one.
    const cut = startChunkFaults(
      [outputChunk('signed-in', [], ['/web/frame.tsx', '/web/shell.tsx', zod])],
      (id) => (id === '/web/frame.tsx' ? [zod] : []),
    );
    expect(cut).toHaveLength(1);
    expect(cut[0]).toContain(`start chunk 'signed-in' carries ${zod}, imported by /web/frame.tsx:`);
    expect(cut[0]).not.toContain('shell');
  });
});
