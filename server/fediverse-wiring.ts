// The fediverse wired into the process (server/index.ts): Fedify started on our database, and the
// publishing pass run by the minute sweep and soon after any change of the concerts.
import type { ChangeFeed } from './cache/change-feed.js';
import { fediverseOf, type Fediverse } from './federation/fediverse.js';
import type { FederationDeps } from './federation/federation-deps.js';
import { startFederation } from './federation/start.js';
import type { Logger } from './lib/logger.js';

/** A burst of writes (an import of 25 events) makes one pass. */
const AFTER_CHANGE_MS = 2_000;

export async function startFediverse(deps: FederationDeps, databaseUrl: string) {
  const running = await startFederation(deps, databaseUrl, deps.log);
  return { fediverse: fediverseOf(running.federation, deps), stop: running.stop };
}

export async function publishCount({ fediverse }: { fediverse: Fediverse }): Promise<number> {
  const summary = await fediverse.publish();
  return summary ? summary.created + summary.updated + summary.deleted : 0;
}

export function publishOnChanges(feed: ChangeFeed, running: { fediverse: Fediverse }, log: Logger) {
  let timer: NodeJS.Timeout | undefined;
  feed.on('concerts', () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      publishCount(running).catch((err: unknown) =>
        log.warn({ err }, 'Error al publicar la agenda en el fediverso'),
      );
    }, AFTER_CHANGE_MS);
    timer.unref();
  });
}
