// A circuit breaker for calls to one outside service, per process. While the service fails,
// asking it again only makes everyone wait (connection errors, SDK retries): after `failureLimit`
// failures in a row the breaker opens and callers go without it at once; after `coolDownMs` it lets
// ONE call through (half-open) and closes again if that call succeeds.
//
// Opening also aborts `signal`: attempts in flight and retries waiting to be sent stop at once
// instead of running out their timeouts and back-off sleeps.
import type { Clock } from '../lib/time.js';

export type BreakerState = 'closed' | 'open' | 'half-open';

/** A permission to make one attempt; hand it back with succeeded/failed/cancelled. */
export interface BreakerTicket {
  readonly probe: boolean;
  /** Aborted when the breaker opens while this attempt is under way. */
  readonly signal: AbortSignal;
  /** The breaker's cycle this ticket belongs to: late answers from an older one are ignored. */
  readonly generation: number;
}

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker. */
  failureLimit: number;
  /** How long it stays open before letting one probe through. */
  coolDownMs: number;
  clock: Clock;
  /** Told when the breaker opens (first time after being closed) and when it closes again. */
  onOpen?: (failures: number) => void;
  onReopen?: () => void;
  onClose?: () => void;
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private probing = false;
  private generation = 0;
  private controller = new AbortController();

  constructor(private readonly options: CircuitBreakerOptions) {
    if (!Number.isInteger(options.failureLimit) || options.failureLimit < 1) {
      throw new RangeError(`failureLimit must be >= 1, got ${options.failureLimit}`);
    }
  }

  get state(): BreakerState {
    if (this.openedAt === undefined) return 'closed';
    return this.coolingDown() ? 'open' : 'half-open';
  }

  /**
   * A ticket for one attempt, or undefined when the call must not be made: open, a probe already
   * under way, or (`retry`) anything but closed, so retries never pile onto a struggling service.
   */
  acquire(options: { retry?: boolean } = {}): BreakerTicket | undefined {
    if (this.openedAt === undefined) return this.ticket(false);
    if (options.retry || this.probing || this.coolingDown()) return undefined;
    this.probing = true;
    return this.ticket(true);
  }

  /** The service answered: the failure count starts again; a successful probe closes. */
  succeeded(ticket: BreakerTicket): void {
    if (ticket.generation !== this.generation) return;
    this.failures = 0;
    if (!ticket.probe) return;
    this.probing = false;
    this.openedAt = undefined;
    this.options.onClose?.();
  }

  /** The service failed this attempt. */
  failed(ticket: BreakerTicket): void {
    if (ticket.generation !== this.generation) return;
    if (ticket.probe) {
      this.probing = false;
      this.open();
      this.options.onReopen?.();
      return;
    }
    this.failures += 1;
    if (this.failures >= this.options.failureLimit) {
      const failures = this.failures;
      this.open();
      this.options.onOpen?.(failures);
    }
  }

  /** The attempt was not made after all (no budget left, aborted): it proves nothing. */
  cancelled(ticket: BreakerTicket): void {
    if (ticket.generation === this.generation && ticket.probe) this.probing = false;
  }

  private ticket(probe: boolean): BreakerTicket {
    return { probe, signal: this.controller.signal, generation: this.generation };
  }

  private coolingDown(): boolean {
    return (
      this.openedAt !== undefined &&
      this.options.clock().getTime() - this.openedAt < this.options.coolDownMs
    );
  }

  private open(): void {
    this.openedAt = this.options.clock().getTime();
    this.failures = 0;
    this.generation += 1;
    this.controller.abort();
    this.controller = new AbortController();
  }
}
