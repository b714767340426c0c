// After vite's build: each hashed asset also as .br (quality 11) and .gz (zopfli), beside it.
// They never change, so they are compressed once, at their smallest, instead of on every request
// (the compression middleware's brotli at quality 4 made the app's entry 1 KB larger than gzip).
// Zopfli writes ordinary gzip, 3% smaller than zlib's level 9, for browsers without brotli.
// server/ssr/spa.ts serves them through express-static-gzip.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const ASSETS = fileURLToPath(new URL('../dist/client/assets', import.meta.url));
const COMPRESSIBLE = /\.(js|css|json|svg)$/;

for (const name of readdirSync(ASSETS).filter((file) => COMPRESSIBLE.test(file))) {
  const file = path.join(ASSETS, name);
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, await gzipAsync(content, { numiterations: 15 }));
}
