// How much JavaScript a first visit to the landing page downloads (gzip), from the Vite build.
// Only static imports count: `import(` chunks are the lazy routes, loaded when someone navigates.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './types.js';

const clientDir = fileURLToPath(new URL('../dist/client', import.meta.url));
const BUDGET_KB = 100;

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** The module scripts and modulepreload links of the built index.html, as files on disk. */
export function entryFiles(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (attribute(tag, 'type') === 'module' && src) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (attribute(tag, 'rel') === 'modulepreload' && href) urls.push(href);
  }
  return urls.filter((url) => !/^[a-z]+:/i.test(url)).map((url) => resolveUrl(url, clientDir));
}

function resolveUrl(url: string, fromDir: string): string {
  const clean = url.split(/[?#]/)[0]!; // split always returns at least one piece
  return clean.startsWith('/') ? path.join(clientDir, clean) : path.resolve(fromDir, clean);
}

// `from"./x.js"` and `import"./x.js"` (minified or not); `import(` never matches: no quote follows.
const STATIC_IMPORT = /\b(?:from|import)\s*(["'])([^"'\n]+?\.js)\1/g;

/** The entry files plus everything they import statically, transitively. */
export function staticClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) {
      const specifier = match[2]!; // group 2 is not optional
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        queue.push(resolveUrl(specifier, path.dirname(file)));
      }
    }
  }
  return [...seen];
}

function allJs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return allJs(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

export function run(): BenchResult[] {
  const indexHtml = path.join(clientDir, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(
      'Falta dist/client/index.html: ejecuta `npm run build` antes de este benchmark.',
    );
  }
  const entries = entryFiles(readFileSync(indexHtml, 'utf8'));
  if (entries.length === 0) throw new Error('index.html no carga ningún <script type="module">');
  const landing = staticClosure(entries);
  const landingKb = landing.reduce((sum, file) => sum + gzipKb(file), 0);
  const everyChunk = allJs(clientDir);
  const totalKb = everyChunk.reduce((sum, file) => sum + gzipKb(file), 0);
  return [
    {
      name: 'landing: JS loaded by / (gzip -9)',
      value: landingKb,
      unit: 'KB',
      budget: `<= ${BUDGET_KB}`,
      ok: landingKb <= BUDGET_KB,
    },
    { name: 'landing: JS files loaded by /', value: landing.length, unit: 'files' },
    { name: `bundle: all ${everyChunk.length} JS chunks (gzip -9)`, value: totalKb, unit: 'KB' },
  ];
}
