// What an import needs: the admin's write dependencies (it writes through their services), the
// import settings, and how what it fetched is parsed.
import type { AdminWriteDeps } from '../admin/writes/concert-writes.js';
import type { Config } from '../config/config.js';
import type { SourceReader } from './read-off-thread.js';

/** Following fediverse accounts as sources (server/federation/); absent with FEDERATION=off. */
export interface FediverseFollows {
  follow(
    handle: string,
  ): Promise<{ actorId: string; name: string; host: string; followId: string }>;
  unfollow(source: { url: string; follow_id: string | null }): Promise<void>;
}

export interface ImportDeps extends AdminWriteDeps {
  config: AdminWriteDeps['config'] & Pick<Config, 'import'>;
  /** Tests shorten the reading layer's 15 s deadline. */
  fetchLimits?: { timeoutMs?: number };
  /** Where what was fetched is parsed: a worker thread in the app (default: this thread). */
  sourceReader?: SourceReader;
  fediverse?: FediverseFollows;
}
