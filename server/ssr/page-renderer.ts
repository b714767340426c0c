// The React app's server renderer (client/src/entry-server.tsx, built by `vite build --ssr` into
// dist/ssr): the same components as in the browser render each page's first screen into its HTML.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderedPage, RenderPage, RenderRequest } from '../../common/pages/render.js';
import type { Logger } from '../lib/logger.js';

/** What dist/ssr/entry-server.js exports (client/src/entry-server.tsx). */
export interface ServerEntry {
  prepare: () => Promise<unknown>;
  renderPage: RenderPage;
}

/** The renderer of dist/ssr, with every page's code loaded; undefined without a build. */
export async function loadPageRenderer(
  ssrDir: string,
  log: Logger,
): Promise<RenderPage | undefined> {
  const file = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(file)) {
    log.warn(`Sin ${file}: las páginas no se renderizan en el servidor (npm run build)`);
    return undefined;
  }
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  await entry.prepare();
  return safely(entry.renderPage, log);
}

/**
 * A render that throws is logged and the page goes out without its first screen: the browser's
 * app then draws it itself (entry-client.tsx), so a rendering bug never costs a page its answer.
 */
export function safely(render: RenderPage, log: Logger): RenderPage {
  return (request: RenderRequest): RenderedPage => {
    try {
      return render(request);
    } catch (error) {
      log.error(
        { err: error, path: request.url.split('?')[0] },
        'No se pudo renderizar la página en el servidor',
      );
      return { html: '' };
    }
  };
}
