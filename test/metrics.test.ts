// /metrics: off without METRICS_TOKEN, only with the right bearer token, and after a few requests
// and a background job it holds the request histogram by route template and status, the pool,
// the queues, the jobs and the mails.
import request from 'supertest';
import type { Logger } from '../server/lib/logger.js';
import { timed } from '../server/workers.js';
import { QUEUES } from '../server/jobs/queues.js';
import { createTestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createJobsApp, eventually, type JobsApp } from './fixtures/jobs-app.js';

const database = useTestDatabase();
const TOKEN = 'metrics-token-metrics-token-123';
const ADMIN_TOKEN = 'admin-token-admin-token-admin-token';

const scrape = (app: Parameters<typeof request>[0]) =>
  request(app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);

/** The value of one series in a scrape, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is off (404) without METRICS_TOKEN', async () => {
    const { app } = createTestApp({ database });
    const res = await request(app).get('/metrics').expect(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const { app } = createTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
    await request(app).get('/metrics').expect(401);
    await request(app).get('/metrics').set('Authorization', 'Bearer wrong').expect(401);
    await request(app).get('/metrics').set('Authorization', TOKEN).expect(401);
  });

  describe('with a job queue', () => {
    let jobs: JobsApp;
    beforeAll(async () => {
      jobs = await createJobsApp({
        database,
        env: { METRICS_TOKEN: TOKEN, ADMIN_API_TOKEN: ADMIN_TOKEN },
      });
    });
    afterAll(() => jobs.stop());

    it('counts requests by route template and status, the pool, the queues, a job and a mail', async () => {
      const { app } = jobs;
      await request(app).get('/api/concerts/carousel').expect(200);
      await request(app).get('/api/concerts/carousel').expect(200);
      await request(app).put('/api/concerts/12345/like').send({ liked: true }).expect(401);
      await request(app)
        .post('/api/auth/register')
        .send({ email: 'metricas@example.com', password: 'una-clave-larga-9' })
        .expect(201);
      // One background job: the "all fans" pass the admin action queues.
      await request(app)
        .post('/api/generateRecommendations')
        .set('X-Admin-Token', ADMIN_TOKEN)
        .expect(200);

      const text = await eventually(async () => {
        const res = await scrape(app).expect(200);
        const runs = valueOf(
          res.text,
          `cm_job_runs_total{queue="${QUEUES.recommendationsAll}",outcome="completed"}`,
        );
        // The welcome mail goes out after the answer to the sign-up: waited for too.
        const mails = valueOf(res.text, 'cm_mails_total{kind="welcome",outcome="sent"}');
        return runs === 1 && mails === 1 && res.text;
      });
      expect(
        valueOf(
          text,
          'cm_http_request_duration_seconds_count{method="GET",route="/api/concerts/carousel",status="200"}',
        ),
      ).toBe(2);
      // The template, never the raw path: ids do not multiply the series.
      expect(
        valueOf(
          text,
          'cm_http_request_duration_seconds_count{method="PUT",route="/api/concerts/{id}/like",status="401"}',
        ),
      ).toBe(1);
      // In no label (a value such as a heap size may hold those digits by chance).
      expect(text).not.toMatch(/="[^"]*12345[^"]*"/);
      expect(valueOf(text, 'cm_mails_total{kind="welcome",outcome="sent"}')).toBe(1);
      expect(
        valueOf(text, `cm_job_duration_seconds_count{queue="${QUEUES.recommendationsAll}"}`),
      ).toBe(1);
      expect(valueOf(text, `cm_job_queue_depth{queue="${QUEUES.weeklyMailSend}"}`)).toBe(0);
      expect(valueOf(text, 'cm_db_pool_max')).toBe(10);
      expect(valueOf(text, 'cm_db_pool_waiting')).toBe(0);
      for (const name of [
        'cm_db_pool_in_use',
        'cm_db_pool_wait_timeouts_total',
        'cm_ai_calls_total',
        'cm_ai_fallbacks_total',
        'cm_ai_call_duration_seconds',
        'cm_cache_lookups_total',
        'cm_process_resident_memory_bytes',
      ])
        expect(text).toContain(`# TYPE ${name} `);
    });
  });
});

describe('job runs', () => {
  it('log one line each, with queue, outcome and duration; a failure is rethrown', async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const log = {
      info: (fields: Record<string, unknown>, message: string) =>
        lines.push({ level: 'info', fields, message }),
      warn: (fields: Record<string, unknown>, message: string) =>
        lines.push({ level: 'warn', fields, message }),
    } as unknown as Logger;
    const job = { id: 'job-1', name: 'q', data: {} } as never;
    await timed(log, 'q', () => Promise.resolve())([job]);
    await expect(timed(log, 'q', () => Promise.reject(new Error('falla')))([job])).rejects.toThrow(
      'falla',
    );
    expect(lines).toEqual([
      {
        level: 'info',
        message: 'Trabajo terminado',
        fields: {
          queue: 'q',
          jobIds: ['job-1'],
          outcome: 'completed',
          durationMs: expect.any(Number),
        },
      },
      {
        level: 'warn',
        message: 'Trabajo fallido',
        fields: expect.objectContaining({
          queue: 'q',
          outcome: 'failed',
          durationMs: expect.any(Number),
        }),
      },
    ]);
  });
});
