import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

// Absolute paths so the config works whether vite is started from the repo root or from client/.
const clientRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://localhost:3000';

/**
 * Marks the code every page runs on load with V8's per-file compile hint: the entry chunk (the
 * first screen) and the chunks it imports statically (the UI library, the router, TanStack Query,
 * which Vite splits off because lazy pages share them). Chromium may then compile their functions
 * on the thread that streams the script in, rather than lazily on the main thread at their first
 * call, in the app's first render. Other browsers read a comment (ARCHITECTURE.md has the
 * measurements). Like Vite's own preload map, it is added after the file's hash is taken: a
 * comment, the same in every build: a copy cached under that name runs the same code.
 */
function compileHintForCodeRunOnLoad(): Plugin {
  return {
    name: 'compile-hint-for-code-run-on-load',
    apply: 'build',
    // After Vite's own last touches to the code (it puts its preload map at the very top), since
    // the hint only counts as the file's first line. Minification would have dropped it earlier.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const onLoad = new Set(chunks.filter((chunk) => chunk.isEntry).map((c) => c.fileName));
        for (const fileName of onLoad) {
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach((imported) => onLoad.add(imported));
        }
        for (const chunk of chunks) {
          if (onLoad.has(chunk.fileName)) {
            chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          }
        }
      },
    },
  };
}

/**
 * The chunks of `bundle` whose module the test names (or that are entries), with every chunk they
 * import statically, recursively: what a browser loads with them.
 */
function loadedWith(bundle: Rollup.OutputBundle, roots: RegExp): Set<string> {
  const loaded = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || loaded.has(fileName)) return;
    loaded.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const file of Object.values(bundle)) {
    if (file.type === 'chunk' && (file.isEntry || roots.test(file.facadeModuleId ?? '')))
      visit(file.fileName);
  }
  return loaded;
}

/** The pictures every page shows, kept with the code by the service worker. */
const SHELL_PICTURES = ['/logo.webp', '/default-concert.webp'];
/**
 * Loaded after the entry, and needed offline: the agenda's page, the worker's registration, the
 * texts' formatter and the main catalogues (not the admin's: every visitor's worker fetches these).
 */
const OFFLINE_MODULES =
  /[\\/](features[\\/]concerts[\\/]MyConcertsPage\.tsx|app[\\/]serviceWorker\.ts|i18n[\\/]runtime\.ts)$|^\0virtual:catalogue\/[a-z]+$/;
const WORKER_BUILD = "const BUILD = { version: 'dev', shell: [] };";

/**
 * Writes the service worker, client/service-worker.js, as dist/client/sw.js, with this build's
 * shell: the code every page runs on load, what /myconcerts needs offline (OFFLINE_MODULES), the
 * stylesheet and the pictures. Its version is a hash of them and of the worker, so a deploy that
 * changes any of them changes the worker's bytes: browsers install a new version.
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    // After Vite has added the stylesheet to the bundle.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle);
        const shell = loadedWith(bundle, OFFLINE_MODULES);
        for (const file of files) if (file.fileName.endsWith('.css')) shell.add(file.fileName);
        const urls = [...[...shell].sort().map((file) => `/${file}`), ...SHELL_PICTURES];
        const source = readFileSync(`${clientRoot}service-worker.js`, 'utf8');
        if (!source.includes(WORKER_BUILD))
          throw new Error(`service-worker.js lacks ${WORKER_BUILD}`);
        const hash = createHash('sha256').update(source).update(urls.join('\n'));
        // The pictures' names carry no hash of their bytes: the bytes go into the version.
        for (const url of SHELL_PICTURES) hash.update(readFileSync(`${clientRoot}public${url}`));
        const version = hash.digest('hex');
        const build = JSON.stringify({ version: version.slice(0, 16), shell: urls });
        this.emitFile({
          type: 'asset',
          fileName: 'sw.js',
          source: source.replace(WORKER_BUILD, () => `const BUILD = ${build};`),
        });
      },
    },
  };
}

const CATALOGUE = /^virtual:catalogue\/((?:admin\/)?(?:es|ca))$/;

/** A catalogue of common/i18n (`es`, `admin/ca`...), each message parsed into its ICU tree. */
function compiledCatalogue(name: string): Record<string, ReturnType<typeof parse>> {
  const messages = JSON.parse(
    readFileSync(`${repoRoot}common/i18n/${name}.json`, 'utf8'),
  ) as Record<string, string>;
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parse(text)]));
}

/**
 * `virtual:catalogue/<locale>` (and `virtual:catalogue/admin/<locale>`, the admin's own texts):
 * common/i18n/<locale>.json with every message parsed into its ICU syntax tree here, at build
 * time. The browser's build then leaves the parser out (the alias below), and each catalogue is a
 * chunk of its own.
 */
function catalogues(): Plugin {
  return {
    name: 'catalogues',
    resolveId: (id) => (CATALOGUE.test(id) ? `\0${id}` : undefined),
    load(id) {
      const name = CATALOGUE.exec(id.replace(/^\0/, ''))?.[1];
      if (!name) return undefined;
      this.addWatchFile(`${repoRoot}common/i18n/${name}.json`);
      return `export default ${JSON.stringify(compiledCatalogue(name))};`;
    },
  };
}

/** What the landing runs before anyone navigates: the entry, its carousel and the formatter. */
const LANDING_LAZY = /[\\/](features[\\/]landing[\\/]CarouselSection\.tsx|i18n[\\/]runtime\.ts)$/;
/** A quoted id ('landing.title') or the start of one built in the code (`signInError.${code}`). */
const QUOTED_ID = /["'`]([A-Za-z][\w-]*(?:\.[\w-]+)*\.?)(?=["'`$])/g;

/**
 * dist/client/.vite/landing-texts.<locale>.json: the messages the landing's code names, parsed, which
 * the server writes into the landing's HTML (server/ssr/spa.ts) instead of its catalogue's chunk.
 * An id is taken when the code quotes it, or the start of it followed by `${`; the rest of the
 * catalogue loads with the first page the landing leads to (client/src/i18n/load.ts).
 */
function landingTexts(): Plugin {
  return {
    name: 'landing-texts',
    apply: 'build',
    generateBundle(_options, bundle) {
      const landing = loadedWith(bundle, LANDING_LAZY);
      const quoted = new Set<string>();
      for (const fileName of landing) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        for (const [, text] of chunk.code.matchAll(QUOTED_ID)) quoted.add(text!); // group 1 always matches
      }
      const starts = [...quoted].filter((text) => text.endsWith('.'));
      for (const locale of ['es', 'ca']) {
        const catalogue = compiledCatalogue(locale);
        const texts = Object.fromEntries(
          Object.entries(catalogue).filter(
            ([id]) => quoted.has(id) || starts.some((start) => id.startsWith(start)),
          ),
        );
        this.emitFile({
          type: 'asset',
          fileName: `.vite/landing-texts.${locale}.json`,
          source: JSON.stringify(texts),
        });
      }
    },
  };
}

/** formatjs's build without the ICU parser: every message reaches the browser already parsed. */
const NO_PARSER = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  // The copy react-intl itself would load.
  replacement: createRequire(createRequire(import.meta.url).resolve('react-intl')).resolve(
    '@formatjs/icu-messageformat-parser/no-parser.js',
  ),
};

// `vite build` makes the browser's app (dist/client); `vite build --ssr src/entry-server.tsx` the
// server's renderer of the same components (dist/ssr, see server/ssr/page-renderer.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  plugins: [
    react(),
    catalogues(),
    compileHintForCodeRunOnLoad(),
    ...(isSsrBuild ? [] : [serviceWorker(), landingTexts()]),
  ],
  // The same aliases as tsconfig.json: imports that leave their own folder start from the top.
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${clientRoot}src/` },
      { find: /^@common\//, replacement: `${repoRoot}common/` },
      ...(isSsrBuild ? [] : [NO_PARSER]),
    ],
  },
  build: {
    outDir: fileURLToPath(new URL(isSsrBuild ? '../dist/ssr' : '../dist/client', import.meta.url)),
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: server/ssr/spa.ts reads which files the agenda's page needs
    // and preloads them from the HTML (express.static never serves the dot folder).
    manifest: !isSsrBuild,
    // One stylesheet for every page, in the HTML: a page rendered on the server is styled from
    // its first paint, whichever it is, and a page's styles never arrive after its markup.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports statically, one file: each file a page loads costs a request
            // and its headers, and the lazy pages import these modules from it.
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // The texts' formatter with the days' and prices' words every page with concerts uses
            // (the landing's carousel too), loaded by every page before it hydrates.
            {
              name: 'texts',
              test: /[\\/](node_modules[\\/](react-intl|@formatjs|intl-messageformat)[\\/]|client[\\/]src[\\/](i18n[\\/](runtime|useFormats)\.ts|lib[\\/](dates|useMediaQuery)\.ts)$|common[\\/]format[\\/])/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'agenda',
              test: (id) =>
                /[\\/](client[\\/]src[\\/](features[\\/]concerts[\\/]|components[\\/]icons\.tsx)|common[\\/]concerts[\\/](page-address|display))/.test(
                  id,
                ) &&
                !/[\\/]concerts[\\/](shared[\\/](agendaQuery|keys)\.ts|\w+Page\.tsx)$/.test(id),
              includeDependenciesRecursively: false,
            },
            {
              name: 'shared',
              test: /([\\/]components[\\/](usePageTitle|LoadFailure)|[\\/]lib[\\/]money|[\\/]i18n[\\/]genreName|[\\/]common[\\/](genres[\\/]genres|calendar[\\/]links|concerts[\\/]spotify))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // common/ lives outside the client root.
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
      '/uploads': apiTarget,
    },
  },
}));
