// What the fediverse's handlers need: the import pipeline's deps (a followed agenda's events go
// through it) and the fediverse's settings.
import type { Config } from '../config/config.js';
import type { ImportDeps } from '../sources/import-deps.js';

export interface FederationDeps extends ImportDeps {
  config: ImportDeps['config'] & Pick<Config, 'federation'>;
}
