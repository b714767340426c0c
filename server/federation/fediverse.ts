// The fediverse as the rest of the app sees it: its doors (routes), following accounts as
// sources, and the publishing pass.
import type { FediverseFollows } from '../sources/import-deps.js';
import type { AppFederation } from './federation.js';
import type { FederationDeps } from './federation-deps.js';
import { followAccount, unfollowAccount } from './fediverse-sources.js';
import { publishChanges, type PublishSummary } from './publish.js';

export interface Fediverse {
  federation: AppFederation;
  deps: FederationDeps;
  follows: FediverseFollows;
  publish: () => Promise<PublishSummary | undefined>;
}

export function fediverseOf(federation: AppFederation, deps: FederationDeps): Fediverse {
  const context = () => federation.createContext(new URL(deps.config.publicUrl), deps);
  return {
    federation,
    deps,
    follows: {
      follow: (handle) => followAccount(context(), handle),
      unfollow: (source) => unfollowAccount(context(), source),
    },
    publish: () => publishChanges(federation, deps),
  };
}
