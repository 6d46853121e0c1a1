import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What the chunk grouping reads of the module graph (rolldown's `getModuleInfo`, reduced). */
export type ModuleGraph = (id: string) => { importedIds: readonly string[]; code: string | null } | null;

/**
 * Index modules that re-export a whole library: following all their imports would claim all of MUI or of
 * the shared schema for any importer, while the bundler keeps only the names used.
 */
const BARRELS: { test: RegExp; specifier: string }[] = [
  { test: /[\\/]@mui[\\/]material[\\/]index\.mjs$/, specifier: '@mui/material' },
  { test: /[\\/]shared-schema[\\/]src[\\/]index\.ts$/, specifier: '@casa/shared-schema' },
  { test: /[\\/]shared-schema[\\/]src[\\/]values\.ts$/, specifier: '@casa/shared-schema/values' },
];

/**
 * The names a module imports (or re-exports) from `specifier` (`import { Box, type Theme, Stack as S } from …`);
 * `*` for a namespace import (`import * as s from …`), which needs everything.
 */
export function namesImportedFrom(code: string, specifier: string): string[] {
  const quoted = specifier.replace(/[/@.]/g, (c) => `\\${c}`);
  const named = new RegExp(
    `(?:import|export)\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`,
    'g',
  );
  const namespace = new RegExp(`(?:import|export)\\s*\\*\\s*as\\s+\\w+\\s*from\\s*["']${quoted}["']`);
  const names = [...code.matchAll(named)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((part) =>
        part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );
  return namespace.test(code) ? [...names, '*'] : names;
}

/** The specifiers `importer` may name the index `barrelId` by: its package name, or a relative path to it. */
function specifiersOf(importer: string, code: string, barrelId: string, pkg: string): string[] {
  const relative = [...code.matchAll(/from\s*["'](\.{1,2}(?:\/[^"']*)?)["']/g)].map((m) => m[1]!);
  const base = barrelId.replace(/\.(m?js|tsx?)$/, '');
  return [
    pkg,
    ...new Set(
      relative.filter((spec) => {
        const target = resolve(dirname(importer), spec).replace(/\.(m?js|tsx?)$/, '');
        return target === base || `${target}/index` === base;
      }),
    ),
  ];
}

/** Whether `code` declares or lists `name` among its own exports (not re-exported from elsewhere). */
function declaresExport(code: string, name: string): boolean {
  const declared = new RegExp(`export\\s+(?:async\\s+)?(?:const|let|var|function\\*?|class)\\s+${name}\\b`);
  if (declared.test(code)) return true;
  const lists = code.matchAll(/export\s*\{([^}]*)\}(?!\s*from)/g);
  return [...lists].some((list) => exportListNames(list[1]!).includes(name));
}

/** The names an `export { a, b as c }` list exports (`a`, `c`). */
function exportListNames(list: string): string[] {
  return list.split(',').map((part) =>
    part
      .trim()
      .split(/\s+as\s+/)
      .at(-1)!
      .trim(),
  );
}

/** Resolves a relative specifier of `from` to one of its imported ids (`./x` → `/…/x.ts` or `/…/x/index.mjs`). */
function importedIdOf(from: string, importedIds: readonly string[], specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return importedIds.find(
    (id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`),
  );
}

/**
 * The modules on the way to `name` imported from the index `barrelId`: nested indexes, then the module
 * that exports it (through `export *`); none for a name only a type carries.
 */
function barrelProviders(graph: ModuleGraph, barrelId: string, name: string, depth = 0): string[] {
  const barrel = graph(barrelId);
  if (!barrel?.code || depth > 4) return [];
  const code = barrel.code;
  const own = (spec: string) => importedIdOf(barrelId, barrel.importedIds, spec);
  for (const match of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const listed = exportListNames(match[1]!).includes(name);
    const id = listed ? own(match[2]!) : undefined;
    if (id) return [id];
  }
  for (const match of code.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    const id = own(match[1]!);
    const target = id ? graph(id) : null;
    if (!id || !target?.code) continue;
    if (declaresExport(target.code, name)) return [id];
    const nested = barrelProviders(graph, id, name, depth + 1);
    if (nested.length) return [id, ...nested];
  }
  return [];
}

/** The imports of an index that are not re-exports (`import './zod-jitless'`): they run whatever is used. */
function barrelSideEffects(graph: ModuleGraph, barrelId: string): string[] {
  const barrel = graph(barrelId);
  if (!barrel?.code) return [];
  return [...barrel.code.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"]*?from\s*)?["']([^"']+)["']/g)].flatMap(
    (m) => {
      const id = importedIdOf(barrelId, barrel.importedIds, m[1]!);
      return id ? [id] : [];
    },
  );
}

/**
 * Every module `roots` import statically, directly or not (the roots included). Through the library
 * indexes (`BARRELS`) only the modules behind the names an importer uses are followed.
 */
export function staticClosure(roots: readonly string[], graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  // The modules whose imports were followed: an index reached through a name is in `seen` without them,
  // and must still be followed whole when it is a root (the forms' group names the schema index).
  const followed = new Set<string>();
  const providers = new Map<string, string[]>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (followed.has(id)) continue;
    const info = graph(id);
    if (!info) continue;
    seen.add(id);
    followed.add(id);
    for (const imported of info.importedIds) {
      const barrel = BARRELS.find((b) => b.test.test(imported));
      if (!barrel) {
        stack.push(imported);
        continue;
      }
      if (!seen.has(imported)) {
        seen.add(imported);
        stack.push(...barrelSideEffects(graph, imported));
      }
      const code = info.code ?? '';
      const names = specifiersOf(id, code, imported, barrel.specifier).flatMap((spec) =>
        namesImportedFrom(code, spec),
      );
      if (names.includes('*')) {
        stack.push(...(graph(imported)?.importedIds ?? []));
        continue;
      }
      for (const name of names) {
        const key = `${imported}#${name}`;
        let found = providers.get(key);
        if (!found) providers.set(key, (found = barrelProviders(graph, imported, name)));
        // The indexes on the way are not followed either; the last module is the one that exports the name.
        for (const through of found.slice(0, -1)) {
          if (!seen.has(through)) stack.push(...barrelSideEffects(graph, through));
          seen.add(through);
        }
        stack.push(...found.slice(-1));
      }
    }
  }
  return seen;
}

/** A part of the start the entry imports dynamically, to be evaluated in a task of its own. */
export type StartStage = {
  name: StageName;
  roots: readonly string[];
  /** No other chunk may import this one: what any other part of the plan also reaches goes in `app`. */
  alone?: boolean;
};
export type StageName = 'react-dom' | 'theme' | 'ui';

export type ChunkPlan = {
  /** Loaded by index.html: the app's start (with `stages`, only what comes before them). */
  entry: readonly string[];
  /**
   * What the entry imports dynamically at once and index.html preloads (`startStagesPreload`): each
   * stage's chunk is evaluated in its own task, in this order, so a cold start is not one long task of
   * script evaluation (issue 19). A later stage may import an earlier one's chunk (already evaluated then).
   */
  stages?: readonly StartStage[];
  /** Lazy modules a visitor may load (login, register, the landing's dialogs). */
  visitor: readonly string[];
  /** The signed-in frame and the screens most visits start on. */
  signedIn: readonly string[];
  /**
   * The forms' libraries (the schema index with zod, react-hook-form): a visitor's forms and a signed-in
   * agent's dialogs and writes need them, a signed-in start does not (`NOT_IN`).
   */
  forms?: readonly string[];
  /**
   * zod with its setup and the sync contract (no entity schema): the sync client loads it on its own to check
   * the server's answers, and the forms import it.
   */
  zod?: readonly string[];
  /** Imported once the frame has mounted (the sync client): its own chunk, evaluated after the first paint. */
  afterFrame?: readonly string[];
};

/**
 * Names the chunk of each module of the start:
 * - `app`: everything the entry imports statically (the bundler otherwise split it into ~20 files
 *   index.html preloads), and what its stages share;
 * - `react-dom`, `theme`, `ui`: the stages (`ChunkPlan.stages`), each evaluated in a task of its own:
 *   React's renderer; MUI's styling engine (emotion, the theme and its provider); the app's shell with the
 *   router and the visitor's landing;
 * - `shared`: what the signed-in start (the frame, the main screens and the sync client) shares with a
 *   visitor's pages, the forms or zod's chunk (MUI's inputs, the formatters, the replicated collections),
 *   so that neither side imports the other's chunk;
 * - `signed-in`: the frame and the main screens with what only they import (a visitor never downloads it);
 * - `zod`: zod, its setup and the sync contract's schemas, which the sync client loads when it first checks
 *   an answer: a reload evaluates it in a task of its own;
 * - `forms`: every entity schema and react-hook-form, for the visitor's forms, the agent's dialogs and the
 *   sync client's writes (the mutations' effects, loaded at the first write or replay); a signed-in start
 *   neither downloads nor evaluates it (78–105 ms of script at 4× CPU after the frame, issue 19);
 * - `public`: what a visitor's lazy pages add (login, register, the landing's dialogs);
 * - `sync`: what the sync client adds (the engine and the replica, imported once the frame has mounted
 *   so a reload paints before evaluating them).
 * Other modules (the other screens, the dialogs) are split automatically. Without it, a signed-in start
 * fetched 94 scripts, ~75 of them small chunks after the session check: on a slow phone connection each
 * round of requests costs a round trip. The groups must not follow dependencies
 * (`includeDependenciesRecursively: false`): each is closed under its imports already, except for the
 * earlier groups', which following would drag out of them.
 */
export function startChunkNamer(plan: ChunkPlan) {
  let groups: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    if (!groups) {
      groups = new Map();
      const closureOf = (roots: readonly string[]) => {
        // A renamed or moved screen would silently leave its group: the plan must name modules of the build.
        const missing = roots.filter((root) => !graph(root));
        if (missing.length) throw new Error(`build/chunk-groups.ts: not in the build: ${missing.join(', ')}`);
        return staticClosure(roots, graph);
      };
      const claim = (name: string, modules: Iterable<string>) => {
        for (const m of modules) if (!groups!.has(m)) groups!.set(m, name);
      };
      claim('app', closureOf(plan.entry));
      const signedIn = closureOf(plan.signedIn);
      const afterFrame = closureOf(plan.afterFrame ?? []);
      const visitor = closureOf(plan.visitor);
      const forms = closureOf(plan.forms ?? []);
      const zod = closureOf(plan.zod ?? []);
      const stages = (plan.stages ?? []).map((stage) => ({ ...stage, modules: closureOf(stage.roots) }));
      const later = [signedIn, afterFrame, visitor, forms, zod];
      // A stage alone shares nothing with another chunk: what others reach too is evaluated with the entry.
      claim(
        'app',
        stages.flatMap(({ modules, alone }, i) =>
          alone
            ? [...modules].filter(
                (m) =>
                  stages.some((other, j) => j !== i && other.modules.has(m)) ||
                  later.some((group) => group.has(m)),
              )
            : [],
        ),
      );
      // Otherwise a module goes to the first stage that reaches it: a later stage imports an earlier one,
      // already evaluated when it runs.
      for (const stage of stages) claim(stage.name, stage.modules);
      claim(
        'shared',
        [...signedIn, ...afterFrame].filter((m) => visitor.has(m) || forms.has(m) || zod.has(m)),
      );
      claim('signed-in', signedIn);
      claim('zod', zod);
      claim('forms', forms);
      claim('public', visitor);
      claim('sync', afterFrame);
    }
    return groups.get(id) ?? null;
  };
}

/** The web app's plan, as absolute module ids under `root` (web/). */
export function webChunkPlan(root: string): ChunkPlan {
  const at = (path: string) => resolve(root, path);
  return {
    entry: [at('src/main.tsx')],
    stages: [
      { name: 'react-dom', roots: [packageEntry('react-dom/client')], alone: true },
      { name: 'theme', roots: [at('src/app/theme-mode-provider.tsx')] },
      { name: 'ui', roots: [at('src/app/app.tsx')] },
    ],
    visitor: [
      at('src/features/auth/login-screen.tsx'),
      at('src/features/auth/register-screen.tsx'),
      at('src/features/signup/subscribe-dialog.tsx'),
    ],
    signedIn: [
      at('src/app/signed-in-frame.tsx'),
      at('src/features/dashboard/dashboard-screen.tsx'),
      at('src/features/clients/clients-screen.tsx'),
      at('src/features/follow-ups/follow-ups-screen.tsx'),
      at('src/features/notifications/notifications-screen.tsx'),
    ],
    forms: [
      at('../shared-schema/src/index.ts'),
      // The mutations' effects: a form that loaded the schemas has them too, so its write needs no download
      // (offline, before the service worker controls a first visit).
      at('../shared-schema/src/mutators/index.ts'),
      packageEntry('react-hook-form'),
      packageEntry('@hookform/resolvers/zod'),
    ],
    zod: [at('../shared-schema/src/sync/contract-door.ts')],
    afterFrame: [at('src/data/sync-client.ts')],
  };
}

/** A package's module as the bundler names it (its ESM entry, symlinks resolved). */
function packageEntry(specifier: string): string {
  return fileURLToPath(import.meta.resolve(specifier));
}

/**
 * Which start chunks each may import: a visitor must never load `signed-in`, nor the entry a later one,
 * nor a signed-in start `zod`, `forms` or `public` (the sync client loads `zod` and `forms` when it needs
 * them, by dynamic imports).
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  app: [],
  'react-dom': ['app'],
  theme: ['app'],
  ui: ['app', 'theme'],
  shared: ['app', 'theme', 'ui'],
  'signed-in': ['app', 'theme', 'ui', 'shared'],
  zod: ['app', 'theme', 'ui', 'shared'],
  forms: ['app', 'theme', 'ui', 'shared', 'zod'],
  public: ['app', 'theme', 'ui', 'shared', 'zod', 'forms'],
  sync: ['app', 'theme', 'ui', 'shared', 'signed-in'],
};

/**
 * Modules a start chunk must not carry (issue 19): the signed-in start (`app`, `shared`, `signed-in`) is
 * evaluated before its first paint, and the sync client (`sync`) just after it, so zod (the library, the
 * schemas built at import, and the schema index that configures it) and react-hook-form stay out of them;
 * they read plain data and rules from `@casa/shared-schema/values` (docs/boundaries.md, "The start's
 * chunks").
 */
const FORMS = [
  /[\\/]node_modules[\\/]zod[\\/]/,
  /[\\/]shared-schema[\\/]src[\\/]index\.ts$/,
  /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
];
/** The entity schemas and the forms' library, which zod's own chunk must not drag into a reload. */
const SCHEMAS = [
  /[\\/]shared-schema[\\/]src[\\/]index\.ts$/,
  /[\\/]shared-schema[\\/]src[\\/](entities|api|mutators)[\\/](?!.*-rules\.ts$)/,
  /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
];
const NOT_IN: Record<string, readonly RegExp[]> = {
  app: FORMS,
  'react-dom': FORMS,
  theme: FORMS,
  ui: FORMS,
  shared: FORMS,
  'signed-in': FORMS,
  sync: FORMS,
  zod: SCHEMAS,
};

/** What the check reads of an output chunk. */
export type OutputChunkInfo = {
  name: string;
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
};

/**
 * The faults of a build's start chunks: one importing a later one (a module the closures missed, e.g. a new
 * library index: the visitor would then download the signed-in chunk, or the chunks would import each
 * other), or carrying a module it must not (`NOT_IN`).
 */
export function startChunkFaults(
  chunks: readonly OutputChunkInfo[],
  importedIdsOf: (id: string) => readonly string[] = () => [],
): string[] {
  const nameOf = new Map(chunks.map((c) => [c.fileName, c.name]));
  const faults: string[] = [];
  for (const chunk of chunks) {
    const allowed = MAY_IMPORT[chunk.name];
    if (!allowed) continue;
    for (const imported of chunk.imports) {
      const name = nameOf.get(imported);
      if (name && name in MAY_IMPORT && !allowed.includes(name)) {
        faults.push(`start chunk '${chunk.name}' imports '${name}' (${imported}): see build/chunk-groups.ts`);
      }
    }
    const tests = NOT_IN[chunk.name] ?? [];
    const isBanned = (id: string) => tests.some((test) => test.test(id));
    const banned = chunk.moduleIds.filter(isBanned);
    if (banned.length) {
      // Where to cut: the chunk's own modules that import a banned one.
      const by = chunk.moduleIds.filter((id) => !isBanned(id) && importedIdsOf(id).some(isBanned));
      faults.push(
        `start chunk '${chunk.name}' carries ${banned.slice(0, 3).join(', ')}${banned.length > 3 ? ` and ${banned.length - 3} more` : ''}${by.length ? `, imported by ${by.join(', ')}` : ''}: see NOT_IN in build/chunk-groups.ts`,
      );
    }
  }
  return faults;
}

/** Fails the build on any of `startChunkFaults`. */
export function startChunksCheck(): Plugin {
  return {
    name: 'casa-start-chunks-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [out] : []));
      const faults = startChunkFaults(chunks, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      if (faults.length) this.error(faults.join('\n'));
    },
  };
}

/**
 * index.html preloads the stages' chunks (`ChunkPlan.stages`) beside the entry's: the entry imports them
 * dynamically, and without the hint their download would wait for the entry's evaluation (a round trip
 * more on a slow link).
 */
export function startStagesPreload(stages: readonly StageName[]): Plugin {
  return {
    name: 'casa-start-stages-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).flatMap((out) => (out.type === 'chunk' ? [out] : []));
        return stages.flatMap((stage) => {
          const chunk = chunks.find((c) => c.name === stage && !c.isEntry);
          if (!chunk) throw new Error(`build/chunk-groups.ts: no '${stage}' chunk in the build`);
          return [
            {
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
              injectTo: 'head' as const,
            },
          ];
        });
      },
    },
  };
}
