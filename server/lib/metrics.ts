// The process's Prometheus metrics (prom-client). One registry per process, as Prometheus scrapes a
// process: the counters live at module level so the mailer, the AI gate, the caches and the job
// workers count without being handed anything. What is read at scrape time (the pool, the queues)
// is watched through watchPool()/watchQueues().
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cm_' });

/** Up to 10 s: a request past it is an outage whatever its exact time. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpDuration = new Histogram({
  name: 'cm_http_request_duration_seconds',
  help: 'Duración de las peticiones HTTP por método, ruta (plantilla) y estado',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: HTTP_BUCKETS,
  registers: [registry],
});

export const poolWaitTimeouts = new Counter({
  name: 'cm_db_pool_wait_timeouts_total',
  help: 'Esperas de una conexión del pool que pasaron DATABASE_POOL_TIMEOUT_MS (respuesta 503)',
  registers: [registry],
});

export const mails = new Counter({
  name: 'cm_mails_total',
  help: 'Correos enviados o fallidos por tipo (welcome, recovery, verification, weekly...)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const aiCalls = new Counter({
  name: 'cm_ai_calls_total',
  help: 'Intentos de llamada a la IA: success, failure, o refused (cortacircuitos o presupuesto)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const aiLatency = new Histogram({
  name: 'cm_ai_call_duration_seconds',
  help: 'Duración de cada intento de llamada a la IA',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30],
  registers: [registry],
});

export const recommendationCorrections = new Counter({
  name: 'cm_recommendation_corrections_total',
  help: 'Valoraciones de la IA corregidas por las reglas: una nota por encima de lo permitido (score), por debajo de lo que el fan nos enseñó (learned) o un motivo que afirma algo falso (reason)',
  labelNames: ['rule'] as const,
  registers: [registry],
});

export const aiFallbacks = new Counter({
  name: 'cm_ai_fallbacks_total',
  help: 'Trabajo hecho sin la IA: lotes por el recomendador integrado, descripciones por plantilla',
  labelNames: ['use'] as const,
  registers: [registry],
});

export const cacheLookups = new Counter({
  name: 'cm_cache_lookups_total',
  help: 'Consultas a las cachés de la instancia, hit o miss (ratio = hit / total)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'cm_job_runs_total',
  help: 'Ejecuciones de trabajos en segundo plano por cola y resultado (completed, failed)',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'cm_job_duration_seconds',
  help: 'Duración de cada ejecución de un trabajo por cola',
  labelNames: ['queue'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
  registers: [registry],
});

// Read at scrape time. A Set, not one value: tests build several apps in one process.
const pools = new Set<pg.Pool>();

/** Reports this pool's numbers in cm_db_pool_* (the last pool watched wins for a scrape). */
export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

function poolGauge(name: string, help: string, read: (pool: pg.Pool) => number) {
  return new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      const pool = [...pools].at(-1);
      if (pool) this.set(read(pool));
    },
  });
}

poolGauge('cm_db_pool_max', 'Tamaño máximo del pool (DATABASE_POOL_SIZE)', (p) => p.options.max);
poolGauge(
  'cm_db_pool_in_use',
  'Conexiones del pool prestadas ahora',
  (p) => p.totalCount - p.idleCount,
);
poolGauge(
  'cm_db_pool_waiting',
  'Peticiones esperando una conexión del pool',
  (p) => p.waitingCount,
);

/** What the queue gauge reads: the number of jobs waiting in one queue. */
export interface QueueSizes {
  names: readonly string[];
  size(name: string): Promise<number>;
}

let queues: QueueSizes | undefined;

/** Reports the queues' depth in cm_job_queue_depth (pg-boss's count of jobs not yet started). */
export function watchQueues(sizes: QueueSizes | undefined): void {
  queues = sizes;
}

new Gauge({
  name: 'cm_job_queue_depth',
  help: 'Trabajos en cola (creados o esperando reintento) por cola',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    if (!queues) return;
    const current = queues;
    await Promise.all(
      current.names.map(async (name) => {
        // A scrape while the database is down reports what it can; the pool gauges tell why.
        const size = await current.size(name).catch(() => undefined);
        if (size !== undefined) this.set({ queue: name }, size);
      }),
    );
  },
});
