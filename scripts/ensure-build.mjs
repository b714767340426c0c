// Runs before `npm start` and the browser tests: builds the app when dist/ is missing or older than
// the sources, so `npm install && npm start` works on a fresh clone and never serves a stale build.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['server', 'client', 'common', 'migrations', 'data', 'package.json'];
const OUTPUTS = ['dist/server/index.js', 'dist/client/index.html', 'dist/ssr/entry-server.js'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = Math.min(...OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt === 0 || changedAt > builtAt) {
  console.log('Compilando la aplicación (npm run build)...');
  execSync('npm run build', { stdio: 'inherit' });
}
