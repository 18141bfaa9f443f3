import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { importsByRelativePath } from './src/domain/page-contract';

/** The manifest lives at the top level (design card); the PWA plugin emits it and links it. */
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>;

/**
 * The app that src/main.tsx starts after the first paint (src/app/start.tsx) and every module it imports
 * statically, as one chunk: left to itself, the bundler splits the modules it shares with lazy screens into a
 * score of tiny files, each a round trip on a phone. Lazy screens and RxDB stay in their own chunks.
 */
function startChunk(entry: string): { plugin: Plugin; group: { name: string; test(id: string): boolean } } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'jepret-start-chunk',
    apply: 'build',
    buildStart() {
      members.clear();
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        for (const queue = [...roots]; queue.length > 0; ) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // What the page's entry itself imports stays out: the entry would otherwise import this chunk
      // statically, and fetch and run all of it before the first paint.
      const initial = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of closure(ids.filter((id) => id.endsWith(entry)))) if (!initial.has(id)) members.add(id);
    },
  };
  return { plugin, group: { name: 'start', test: (id) => members.has(id) } };
}
/** Vite's preload helper, which the entry's dynamic import calls, in a chunk of its own for the same reason. */
const preloadHelper = { name: 'preload-helper', test: /vite\/preload-helper/, priority: 1 };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The entry gets its own copy of the preload helper (about 1 KB) instead of importing the helper's chunk: a
 * pre-rendered page, which carries the entry inline, then asks for no script before its first paint. On a phone's
 * HTTP/1.1 each such request is one more connection to open while the page is painting (docs/first-paint.md). The app's chunks,
 * loaded after the paint, still import the helper's chunk. The entry's file name still changes whenever the helper
 * does (its hash covers the helper's hashed name, which the entry names in its list of dependencies). The entry's
 * dynamic imports are written as absolute paths, so it means the same when the server puts it inline in a
 * pre-rendered page (sync-server/pages/template.ts), where `./x` would resolve against the page's URL. Fails the
 * build if Vite's output no longer has the shape this expects, rather than shipping a broken entry.
 */
function entryWithPreloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'jepret-entry-with-preload-helper',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const helper = chunks.find((c) => c.name === preloadHelper.name);
      const entry = chunks.find((c) => c.isEntry);
      if (!helper || !entry) return this.error('entry or preload helper chunk not found');
      if (!entry.imports.includes(helper.fileName)) return;
      const exported = /export\s*\{\s*([\w$]+)\s+as\s+([\w$]+)\s*\};?\s*$/.exec(helper.code);
      const file = escapeRegExp(helper.fileName.split('/').pop()!);
      const imported = exported && new RegExp(`import\\s*\\{\\s*${escapeRegExp(exported[2]!)}\\s+as\\s+([\\w$]+)\\s*\\}\\s*from\\s*"\\./${file}";?`).exec(entry.code);
      if (!exported || !imported) return this.error(`cannot copy ${helper.fileName} into ${entry.fileName}`);
      const copy = `const ${imported[1]}=(()=>{${helper.code.slice(0, exported.index)}return ${exported[1]}})();`;
      entry.code = entry.code.replace(imported[0], () => copy);
      entry.imports = entry.imports.filter((f) => f !== helper.fileName);
      const folder = `${base}${entry.fileName.slice(0, entry.fileName.lastIndexOf('/') + 1)}`;
      entry.code = entry.code.replace(/\bimport\((["'`])\.\/([\w.-]+\.js)\1\)/g, (_all, quote: string, name: string) => `import(${quote}${folder}${name}${quote})`);
      if (entry.imports.length > 0 || importsByRelativePath(entry.code)) {
        return this.error(`${entry.fileName} still imports by a relative path`);
      }
      // The shell's <link rel="modulepreload"> for the helper, if the HTML was written before this ran.
      const html = bundle['index.html'];
      if (html?.type === 'asset' && typeof html.source === 'string') {
        html.source = html.source.replace(new RegExp(`\\s*<link\\b[^>]*\\brel="modulepreload"[^>]*${file}"[^>]*>`), '');
      }
    },
  };
}
const start = startChunk('/src/app/start.tsx');

const backend = 'http://localhost:8080';
/** Routes the server answers, never the SPA shell. */
const serverPaths = [/^\/api\//, /^\/couch(\/|$)/, /^\/images\//];

const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerDist('index.mjs') },
  { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    start.plugin,
    entryWithPreloadHelper(),
    VitePWA({
      // A new version waits until the page can reload without losing what the customer is doing (src/lib/pwa.ts
      // tells it to take over then): 'autoUpdate' without the plugin's own registration never took over while a tab
      // of the shop stayed open.
      registerType: 'prompt',
      // Registered from src/lib/pwa.ts: the server's CSP forbids inline scripts.
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      // The icons are precached by globPatterns already.
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        // heic-to (libheif, about 3 MB) is large and only needed when a HEIC photo is picked.
        globIgnores: ['**/heic-to*.js', '**/node_modules/**'],
        // Only Vite's hashed bundles skip revisioning: public/assets/*.svg share the folder but not the hash.
        dontCacheBustURLsMatching: /-[\w-]{8}\.(?:js|css)$/,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: serverPaths,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        // No runtime caching for /api: RxDB is the offline store and the sync must hit the network. The HEIC
        // converter is kept once it was needed, so a second HEIC converts offline too.
        runtimeCaching: [
          { urlPattern: /\/assets\/heic-to-[\w-]+\.js$/, handler: 'CacheFirst', options: { cacheName: 'heic-to' } },
          // Product images the admin uploaded: public, and never changed under one URL (a new image is a new URL),
          // so a copy seen once shows offline too. Customers' own photos are private and not kept here.
          {
            urlPattern: /\/images\/produk\//,
            handler: 'CacheFirst',
            options: { cacheName: 'product-images', expiration: { maxEntries: 300 }, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip twins of every text file, made once here and served by express-static-gzip
    // (sync-server/static.ts) as each browser's Accept-Encoding asks (docs/first-paint.md).
    compression({
      include: /\.(?:html|css|js|mjs|json|svg|webmanifest)$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // RxDB's leader election cleans up on `unload` (deprecated, refuses the back/forward cache): use pagehide.
    alias: [
      { find: /^unload$/, replacement: fileURLToPath(new URL('./src/lib/db/unload-on-pagehide.ts', import.meta.url)) },
      // React Router 7's package.json exports only its development build (remix-run/react-router#12532, #14102):
      // dev-only checks and warnings in every phone's main thread. The production build it ships beside it is
      // what the browser gets from `vite build`.
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [preloadHelper, start.group] } } },
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false, ws: true, timeout: 0, proxyTimeout: 0 },
      '/couch': { target: backend, changeOrigin: false },
      '/images': { target: backend, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: backend, ws: true, timeout: 0, proxyTimeout: 0 },
      '/couch': { target: backend },
      '/images': { target: backend },
    },
  },
}));
