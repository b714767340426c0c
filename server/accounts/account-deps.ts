// What the account services need from the process: the database, settings, log, clock and mailer.
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';
import type { Clock } from '../lib/time.js';
import type { Mailer } from '../mail/mailer.js';

export interface AuthDeps {
  db: Database;
  config: Config;
  log: Logger;
  clock: Clock;
  mailer: Mailer;
}
