import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build, type Plugin } from 'vite';

export type PrecacheEntry = { url: string; revision: string | null };

const PLACEHOLDER = 'self.__WB_MANIFEST';
// Vite's content-hashed output (name-<hash>.ext) needs no revision: the name changes with the content.
const HASHED = /(^|\/)assets\/.+[-.][A-Za-z0-9_-]{8,}\.\w+$/;
const PRECACHED = /\.(html|js|css|svg|png|webmanifest|woff2?)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The app shell to precache: every built HTML/JS/CSS/icon file except the worker itself. */
export function precacheManifest(outDir: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .map((full) => relative(outDir, full).split(sep).join('/'))
    .filter((path) => PRECACHED.test(path) && path !== 'sw.js')
    .sort()
    .map((path) => ({
      url: `/${path}`,
      revision: HASHED.test(path)
        ? null
        : createHash('sha256')
            .update(readFileSync(join(outDir, path)))
            .digest('hex')
            .slice(0, 16),
    }));
}

/**
 * After the app build, bundles `src/sw/sw.ts` into `dist/sw.js` (a classic script) and injects the
 * precache list where the worker reads `self.__WB_MANIFEST` — what workbox-build's injectManifest does.
 */
export function serviceWorkerPlugin(entry = 'src/sw/sw.ts'): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'casa-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const manifest = precacheManifest(outDir);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          minify: true,
          lib: {
            entry: resolve(root, entry),
            formats: ['iife'],
            name: 'casaServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
      const swPath = join(outDir, 'sw.js');
      const code = readFileSync(swPath, 'utf8');
      if (!code.includes(PLACEHOLDER))
        throw new Error(`${PLACEHOLDER} not found in the built service worker`);
      writeFileSync(swPath, code.replace(PLACEHOLDER, JSON.stringify(manifest)));
    },
  };
}
