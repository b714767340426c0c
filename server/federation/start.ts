// Starts the fediverse for a process: Fedify's key-value store and queue on our PostgreSQL
// (postgres.js, as @fedify/postgres needs, with a few connections of its own), its queue worker,
// and its log: warnings go to ours, and deliveries given up on count against their inbox.
import { AsyncLocalStorage } from 'node:async_hooks';
import { configure, type LogRecord } from '@logtape/logtape';
import { ParallelMessageQueue } from '@fedify/fedify';
import { PostgresKvStore, PostgresMessageQueue } from '@fedify/postgres';
import postgres from 'postgres';
import type { Logger } from '../lib/logger.js';
import { recordDeliveryFailure, recordDeliverySuccess } from './deliveries.repository.js';
import { createAppFederation, type AppFederation } from './federation.js';
import type { FederationDeps } from './federation-deps.js';

export interface RunningFederation {
  federation: AppFederation;
  stop: () => Promise<void>;
}

const CONNECTIONS = 4;
/**
 * Deliveries (and received activities) handled at once per instance: the PostgreSQL queue alone
 * takes one message at a time, so one slow server would hold up all the others.
 */
const QUEUE_WORKERS = 8;

function watchDeliveries(deps: FederationDeps, log: Logger) {
  return (record: LogRecord) => {
    const inbox = record.properties.inbox;
    const outbox = record.category.join('.') === 'fedify.federation.outbox';
    if (outbox && typeof inbox === 'string') {
      const raw = String(record.rawMessage);
      if (raw.startsWith('Successfully sent')) {
        recordDeliverySuccess(deps.db, inbox).catch(() => undefined);
        return;
      }
      if (raw.includes('giving up')) {
        const error =
          record.properties.error instanceof Error ? record.properties.error.message : '';
        recordDeliveryFailure(deps.db, inbox, error, /\(410 /.test(error)).catch((err: unknown) =>
          log.warn({ err }, 'No se pudo anotar una entrega fallida al fediverso'),
        );
      }
    }
    if (record.level === 'warning' || record.level === 'error' || record.level === 'fatal') {
      // The activity's JSON and headers stay out of our log; the message says what happened.
      log.warn(
        { category: record.category.join('.'), inbox },
        String(record.rawMessage).split('\n')[0],
      );
    }
  };
}

export async function startFederation(
  deps: FederationDeps,
  databaseUrl: string,
  log: Logger,
): Promise<RunningFederation> {
  const sql = postgres(databaseUrl, { max: CONNECTIONS, onnotice: () => undefined });
  const federation = createAppFederation({
    kv: new PostgresKvStore(sql),
    queue: new ParallelMessageQueue(new PostgresMessageQueue(sql), QUEUE_WORKERS),
    allowPrivateAddress: deps.config.federation.allowPrivateAddress,
    publicUrl: deps.config.publicUrl,
    // 410 Gone: the account no longer exists; its followers go now, not after the retries.
    onOutboxError: (error) => {
      const gone = / to (\S+) \(410 /.exec(error.message);
      if (!gone?.[1]) return;
      recordDeliveryFailure(deps.db, gone[1], error.message, true).catch((err: unknown) =>
        log.warn({ err }, 'No se pudo anotar una entrega fallida al fediverso'),
      );
    },
  });
  await configure({
    reset: true,
    contextLocalStorage: new AsyncLocalStorage(),
    sinks: { app: watchDeliveries(deps, log) },
    loggers: [
      { category: ['fedify'], sinks: ['app'], lowestLevel: 'info' },
      { category: ['logtape', 'meta'], sinks: ['app'], lowestLevel: 'warning' },
    ],
  });
  const stopping = new AbortController();
  const queue = federation.startQueue(deps, { signal: stopping.signal });
  return {
    federation,
    stop: async () => {
      stopping.abort();
      await queue.catch(() => undefined);
      // The queue's LISTEN is let go after the abort, not awaited by it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await sql.end({ timeout: 5 });
    },
  };
}
