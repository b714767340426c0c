import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A folder with a built index.html as vite leaves it, with `head` in its <head>. */
export function builtClientDir(head: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cm-client-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="es"><head><meta charset="UTF-8" />${head}` +
      '<!--app-config--></head><body><div id="root"></div>' +
      '<script type="module" src="/assets/index-1.js"></script></body></html>',
  );
  return dir;
}
