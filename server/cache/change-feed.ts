// What changed in the database, as PostgreSQL tells every instance: triggers (migration 0002) call
// pg_notify('cm_changes', 'kind:key') and one dedicated connection per instance LISTENs.
// A notification is delivered only after its transaction commits, so a cache that drops an entry
// when told can only be stale for the moment between another instance's commit and the delivery.
//
// While the connection is down nothing can be trusted: `live` is false (caches answer nothing and
// keep nothing), and when it comes back every cache is cleared, since changes may have been missed.
import pg from 'pg';
import type { Logger } from '../lib/logger.js';

export const CHANGES_CHANNEL = 'cm_changes';

/**
 * What a trigger reports: a session, a user row, a fan's recommendation or "Voy" rows, a concert's
 * like or going count alone (migrations 0060, 0110), or the concert data (concerts, bands, venues).
 */
export type ChangeKind = 'session' | 'user' | 'agenda' | 'likes' | 'concerts';

/** Called with the changed key, or '*' when everything of that kind must be forgotten. */
export type ChangeHandler = (key: string) => void;

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;

export class ChangeFeed {
  private client: pg.Client | undefined;
  private handlers = new Map<string, ChangeHandler[]>();
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private epochValue = 0;
  private wipeEpochValue = 0;
  private liveValue = false;

  constructor(
    private readonly connectionString: string,
    private readonly log: Logger,
  ) {}

  /** True while notifications are being received. */
  get live(): boolean {
    return this.liveValue;
  }

  /**
   * Moves on every change, every forget and every (re)connection. A value read from the database
   * may be cached only if nothing that concerns it was forgotten after the epoch read before the
   * read began (see LocalCache.set).
   */
  get epoch(): number {
    return this.epochValue;
  }

  /** The epoch of the last time everything was forgotten (connection lost or made). */
  get wipeEpoch(): number {
    return this.wipeEpochValue;
  }

  on(kind: ChangeKind, handler: ChangeHandler): void {
    this.handlers.set(kind, [...(this.handlers.get(kind) ?? []), handler]);
  }

  /** A change made by this instance, told to its own caches at once. */
  forget(kind: ChangeKind, key: string): void {
    this.epochValue += 1;
    for (const handler of this.handlers.get(kind) ?? []) handler(key);
  }

  /** Resolves once listening; a failure is logged and retried in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.goDark();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.receive(message.payload ?? ''));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.log.warn({ err: error }, 'Sin aviso de cambios: las cachés quedan desactivadas');
      await client.end().catch(() => undefined);
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
    this.forgetEverything(); // whatever happened while we were not listening
    this.liveValue = true;
  }

  protected receive(payload: string): void {
    const colon = payload.indexOf(':');
    if (colon < 0) return;
    this.forget(payload.slice(0, colon) as ChangeKind, payload.slice(colon + 1));
  }

  private lost(client: pg.Client): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.goDark();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.log.warn('Conexión de aviso de cambios perdida: cachés desactivadas hasta reconectar');
    this.scheduleReconnect();
  }

  private goDark(): void {
    this.liveValue = false;
    this.forgetEverything();
  }

  private forgetEverything(): void {
    for (const kind of this.handlers.keys()) this.forget(kind as ChangeKind, '*');
    this.epochValue += 1;
    this.wipeEpochValue = this.epochValue;
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
    this.reconnectTimer.unref();
  }
}
