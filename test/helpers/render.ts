// The app's own server renderer, from its sources (client/src/entry-server.tsx), as the built
// server loads it from dist/ssr: tests of the server's pages render the real components.
import type { RenderPage } from '../../common/pages/render.js';
import type { ServerEntry } from '../../server/ssr/page-renderer.js';

// Imported by a path held in a variable: the client is type-checked by its own project
// (client/tsconfig.json, with the DOM), not by the server's.
const ENTRY = '../../client/src/entry-server.js';
let entry: Promise<ServerEntry> | undefined;

/** The renderer, with every page's code loaded. */
export async function appRenderer(): Promise<RenderPage> {
  entry ??= (import(ENTRY) as Promise<ServerEntry>).then(async (loaded) => {
    await loaded.prepare();
    return loaded;
  });
  return (await entry).renderPage;
}
