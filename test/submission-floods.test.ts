// 'Publica tus conciertos' against a flood from many networks: IPv6 counted by its /48 (IPv4 by
// address), a network's share of the waiting queue (unconfirmed ones expire), a queue of confirmed
// submissions that unconfirmed ones cannot fill for real bands, and an hourly cap on the
// confirmation mails across all senders, which the admin's overview reports. Real HTTP requests
// behind one trusted proxy (X-Forwarded-For), a real SMTP peer.
import request from 'supertest';
import type { Express } from 'express';
import type { AdminOverviewResponse } from '../common/admin/types.js';
import { clientNetworkKey } from '../server/security/rate-limit.js';
import {
  UNCONFIRMED_PER_NETWORK,
  WAITING_PER_NETWORK,
} from '../server/submissions/submissions.service.js';
import { createTestApp, movableClock, type TestApp } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { recipients, useSmtpSink } from './helpers/smtp-sink.js';
import {
  confirmationToken,
  confirmSubmission,
  formToken,
  validSubmission,
} from './helpers/submissions.js';

const database = useTestDatabase({
  cleared: ['band_submissions', 'rate_limits', 'used_submission_forms', 'submission_mail_cap_hits'],
});
const time = movableClock('2031-05-01T10:00:00Z');
const sink = useSmtpSink();
const ADMIN_TOKEN = 'token-de-administracion-de-las-pruebas-789';

const apps: TestApp[] = [];
afterAll(() => apps.forEach((made) => made.mailer.close()));
function appWith(env: Record<string, string> = {}): Express {
  const made = createTestApp({
    database,
    clock: time.clock,
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL: 'http://conciertos.test',
      TRUST_PROXY: '1',
      ADMIN_API_TOKEN: ADMIN_TOKEN,
      ...env,
    },
  });
  apps.push(made);
  return made.app;
}

let sent = 0;
/** A valid submission from `ip` (behind the trusted proxy), each to an address of its own. */
async function submitFrom(app: Express, ip: string, email = `banda-${(sent += 1)}@example.com`) {
  const token = await formToken(app);
  time.advance(6);
  const req = request(app).post('/api/submissions').set('X-Forwarded-For', `198.51.100.7, ${ip}`); // the client's own claim comes first
  const fields = validSubmission({ formToken: token, email });
  let multipart = req;
  for (const [name, value] of Object.entries(fields)) multipart = multipart.field(name, value);
  return { res: await multipart, email, token };
}

/**
 * An hour goes by: the app's clock, and the counters of the rate limits and of the mail cap, which
 * PostgreSQL keeps on its own clock.
 */
async function anHourPasses() {
  time.advance(3600);
  await database.db.deleteFrom('rate_limits').execute();
}

const mailsTo = (email: string) =>
  sink.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));

const stored = async () =>
  (await database.db.selectFrom('band_submissions').select(['status', 'network']).execute()).map(
    (row) => `${row.status} ${row.network}`,
  );

const overview = async (app: Express) =>
  (await request(app).get('/api/admin/overview').set('X-Admin-Token', ADMIN_TOKEN).expect(200))
    .body as AdminOverviewResponse;

describe('the network a submission comes from', () => {
  it.each([
    ['2001:db8:1:a::1', '2001:db8:1::/48'],
    ['2001:db8:1:ffff:1:2:3:4', '2001:db8:1::/48'],
    ['2001:0db8:0000:1::', '2001:db8:0::/48'],
    ['::ffff:192.0.2.33', '192.0.2.33'],
    ['203.0.113.9', '203.0.113.9'],
  ])('%s is %s', (ip, key) => {
    expect(clientNetworkKey(ip)).toBe(key);
  });
});

describe("a network's share of the queue", () => {
  it('counts every /64 of one IPv6 /48 together, and an IPv4 address alone', async () => {
    const app = appWith();
    for (let i = 1; i <= UNCONFIRMED_PER_NETWORK; i += 1) {
      // A different /64 of the same /48 each time.
      expect((await submitFrom(app, `2001:db8:1:${i.toString(16)}::1`)).res.status).toBe(201);
    }
    const { res, email } = await submitFrom(app, '2001:db8:1:ffff::9');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.error).toEqual({
      code: 'network_share',
      message:
        'Ya hay varios conciertos enviados desde tu conexión esperando confirmación o revisión. Confirma los que tengas pendientes en tu correo o vuelve a intentarlo más tarde.',
    });
    expect(mailsTo(email)).toEqual([]);
    // Another /48, and IPv4 addresses side by side, have shares of their own.
    expect((await submitFrom(app, '2001:db8:2::1')).res.status).toBe(201);
    expect((await submitFrom(app, '203.0.113.1')).res.status).toBe(201);
    expect((await submitFrom(app, '203.0.113.2')).res.status).toBe(201);
    expect((await stored()).filter((row) => row === 'unconfirmed 2001:db8:1::/48')).toHaveLength(
      UNCONFIRMED_PER_NETWORK,
    );
  });

  it('frees up when a submission is confirmed, and when unconfirmed ones expire after 48 h', async () => {
    const app = appWith();
    const first = await submitFrom(app, '203.0.113.20');
    for (let i = 1; i < UNCONFIRMED_PER_NETWORK; i += 1) await submitFrom(app, '203.0.113.20');
    expect((await submitFrom(app, '203.0.113.20')).res.status).toBe(429);
    await confirmSubmission(app, await confirmationToken(sink, first.email)).expect(200);
    expect((await submitFrom(app, '203.0.113.20')).res.status).toBe(201);
    expect((await submitFrom(app, '203.0.113.20')).res.status).toBe(429);
    // Two days on, the unconfirmed ones count no more, swept or not.
    time.advance(48 * 3600 + 60);
    expect((await submitFrom(app, '203.0.113.20')).res.status).toBe(201);
  });

  it('holds confirmed submissions too, up to its share of the whole queue', async () => {
    const app = appWith();
    for (let i = 0; i < WAITING_PER_NETWORK; i += 1) {
      const { res, email } = await submitFrom(app, '2001:db8:5:1::1');
      expect(res.status).toBe(201);
      await confirmSubmission(app, await confirmationToken(sink, email)).expect(200);
      if (i % 8 === 7) await anHourPasses(); // under the 10 attempts per network and hour
    }
    const over = await submitFrom(app, '2001:db8:5:2::1');
    expect(over.res.status).toBe(429);
    expect(over.res.body.error.code).toBe('network_share');
    expect((await submitFrom(app, '2001:db8:6::1')).res.status).toBe(201);
  }, 60_000);

  it('leaves room for a real band after a flood from many /48s', async () => {
    const app = appWith({
      SUBMISSION_QUEUE_MAX: '10',
      SUBMISSION_CONFIRMATION_MAILS_PER_HOUR: '1000',
    });
    // 12 networks, each up to its share: 60 unconfirmed submissions, six times the queue.
    for (let network = 1; network <= 12; network += 1) {
      for (let i = 0; i <= UNCONFIRMED_PER_NETWORK; i += 1) {
        await submitFrom(app, `2001:db8:${(0x100 + network).toString(16)}:${i}::1`);
      }
    }
    expect((await stored()).length).toBe(12 * UNCONFIRMED_PER_NETWORK);
    // A band from another network still gets its form through, and confirms it.
    const band = await submitFrom(app, '192.0.2.77', 'grupo-de-verdad@example.com');
    expect(band.res.status).toBe(201);
    await confirmSubmission(app, await confirmationToken(sink, band.email)).expect(200);
    expect(await stored()).toContain('pending 192.0.2.77');
  }, 60_000);
});

describe('the hourly cap on confirmation mails', () => {
  it('refuses past it from any network with a Spanish 503, mails no one, and the overview says so', async () => {
    const app = appWith({ SUBMISSION_CONFIRMATION_MAILS_PER_HOUR: '3' });
    expect((await overview(app)).submissionMailCap).toEqual({
      perHour: 3,
      refusedLast24h: 0,
      lastRefusedAt: null,
    });
    for (const ip of ['203.0.113.31', '2001:db8:31::1', '203.0.113.32']) {
      expect((await submitFrom(app, ip)).res.status).toBe(201);
    }
    const refused = await submitFrom(app, '2001:db8:33::1');
    expect(refused.res.status).toBe(503);
    expect(Number(refused.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.res.body.error).toEqual({
      code: 'mail_cap',
      message:
        'Ahora mismo estamos recibiendo demasiados conciertos. Vuelve a intentarlo dentro de un rato.',
    });
    expect(mailsTo(refused.email)).toEqual([]);
    expect(await stored()).toHaveLength(3);
    const refusedAt = time.clock().toISOString();
    expect((await overview(app)).submissionMailCap).toEqual({
      perHour: 3,
      refusedLast24h: 1,
      lastRefusedAt: refusedAt,
    });

    // The refusal used nothing up (its form's token is free), and an hour on the form goes through.
    const usedForms = await database.db
      .selectFrom('used_submission_forms')
      .select('nonce')
      .execute();
    expect(usedForms).toHaveLength(3);
    await anHourPasses();
    expect((await submitFrom(app, '2001:db8:33::1', refused.email)).res.status).toBe(201);
    await sink.waitForMail(refused.email);

    // A day after the refusal, the overview has nothing to say.
    time.advance(24 * 3600);
    expect((await overview(app)).submissionMailCap.refusedLast24h).toBe(0);
  });
});
