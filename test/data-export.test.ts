// 'Descargar mis datos' (GET /api/profile/export): the file holds every row the database keeps
// about the fan, value for value, no secret, nothing of another fan; visitors get a 401, a sixth
// download in the hour a 429, and the file comes as a download that no cache keeps.
import type { Express } from 'express';
import { sql } from 'kysely';
import request from 'supertest';
import { createTestApp, fixedClock } from './helpers/app.js';
import { rowOf, rowsOf, useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createUser } from './helpers/factories.js';
import { TEST_PASSWORD, signedInAgent } from './helpers/session.js';
import { hashPassword } from '../server/accounts/password.js';
import type { DataExport } from '../common/profile/types.js';

const database = useTestDatabase({
  cleared: ['band_submissions', 'admin_audit', 'users', 'mail_campaigns', 'concerts', 'bands'],
});

// 00:30 on 29 March in Mallorca, still the 28th in UTC: the file is named after Madrid's day.
const NOW = '2026-03-28T23:30:00.000Z';
const FILE_NAME = 'conciertos-mallorca-mis-datos-2026-03-29.json';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let app: Express;
beforeEach(async () => {
  app = createTestApp({
    database,
    clock: fixedClock(NOW),
    env: { PUBLIC_URL: 'http://localhost:3000' },
  }).app;
  await database.db.deleteFrom('rate_limits').execute();
});

const iso = (instant: Date | null) => (instant ? instant.toISOString() : null);

/** A fan signed in from two browsers, with a row in every table that can name them. */
async function busyFan() {
  const { db } = database;
  const fan = await createUser(db, {
    email: 'Joana.Fan@example.com',
    name: 'Joana',
    password_hash: await hashPassword(TEST_PASSWORD, 4),
    top_genres: ['Rock', 'Jazz'],
    disliked_genres: ['Reggaetón'],
    top_artists: ['Sa Fosca', 'Els Tramuntans'],
  });
  await db
    .updateTable('users')
    .set({ spotify_id: 'spotify-joana', country: 'ES', followers: 12, last_login: new Date(NOW) })
    .where('user_id', '=', fan.user_id)
    .execute();
  const agents = [];
  for (const userAgent of [FIREFOX_LINUX, SAFARI_IPHONE]) {
    const agent = request.agent(app);
    await agent
      .post('/api/auth/login')
      .set('User-Agent', userAgent)
      .send({ email: fan.email, password: TEST_PASSWORD })
      .expect(200);
    agents.push(agent);
  }
  await db.deleteFrom('rate_limits').execute();
  // The first browser (Firefox) downloads the file.
  const agent = agents[0]!;

  const band = await createBand(db, { band_name: 'Sa Fosca' });
  const liked = await createConcert(db, { day: '2030-05-01', bandIds: [band.id] });
  const judged = await createConcert(db, { day: '2030-04-01', bandname: 'Nit de Jazz' });
  const unscored = await createConcert(db, { day: '2030-06-01', genre: 'Pop', bandname: null });
  await agent.put(`/api/concerts/${liked.id}/like`).send({ liked: true }).expect(200);
  await agent.put(`/api/concerts/${unscored.id}/like`).send({ liked: true }).expect(200);
  await agent.put(`/api/concerts/${liked.id}/going`).send({ going: true }).expect(200);
  await agent.put(`/api/concerts/${judged.id}/feedback`).send({ feedback: -1 }).expect(200);
  const scores = [
    [liked.id, 'extreme', 'Sa Fosca es tu grupo', 'openai'],
    [judged.id, 'low', 'Poco rock esta noche', 'builtin'],
  ] as const;
  for (const [concertId, score, reason, engine] of scores) {
    await db
      .updateTable('user_concert_recommendations')
      .set({ score, reason, engine, scored_at: NOW })
      .where('user_id', '=', fan.user_id)
      .where('concert_id', '=', concertId)
      .execute();
  }

  await db
    .insertInto('user_identities')
    .values({
      provider: 'google',
      provider_user_id: 'google-sub-joana',
      user_id: fan.user_id,
      email: 'joana@gmail.example',
    })
    .execute();
  const feed = await agent.post('/api/profile/calendar/token').send({}).expect(201);
  const weekly = await db
    .insertInto('mail_campaigns')
    .values({ kind: 'weekly', mode: 'real', iso_week: '2026-W12' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mail_deliveries')
    .values([
      { user_id: fan.user_id, kind: 'welcome', to_email: fan.email, status: 'sent', sent_at: NOW },
      { user_id: fan.user_id, kind: 'weekly', to_email: fan.email, campaign_id: weekly.id },
      {
        user_id: fan.user_id,
        kind: 'concert_change',
        to_email: fan.email,
        payload: JSON.stringify({ title: 'Sa Fosca', cancelled: true, lines: [] }),
        last_error: '451 smtp.interno.example dijo que no',
      },
    ])
    .execute();
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: fan.user_id, token_hash: 'reset-hash-secreto', expires_at: NOW })
    .execute();
  await db
    .insertInto('email_verification_tokens')
    .values({
      user_id: fan.user_id,
      email: fan.email,
      token_hash: 'verify-hash-secreto',
      expires_at: NOW,
      used_at: NOW,
    })
    .execute();
  await db
    .insertInto('band_submissions')
    .values({
      band_name: 'Joana i els Fans',
      contact_email: 'joana.fan@EXAMPLE.com',
      genre: 'Rock',
      day: '2030-07-01',
      hour: '20:00',
      venue_name: 'Es Gremi',
      price: '10',
      confirm_token_hash: 'confirm-hash-secreto',
      confirmed_at: NOW,
    })
    .execute();
  await db
    .insertInto('admin_audit')
    .values({
      actor_id: fan.user_id,
      actor: fan.email,
      action: 'update',
      entity: 'concert',
      entity_id: String(liked.id),
      before: JSON.stringify({ contact: 'otra-persona@example.com' }),
      after: null,
    })
    .execute();
  return { fan, agent, feedToken: String(feed.body.feedUrl).split('/').pop()!.split('.')[0]! };
}

/** Another fan with likes, a session, an identity and a mail of their own. */
async function otherFan() {
  const { db } = database;
  const other = await signedInAgent(app, db, { email: 'otra@example.com', name: 'Otra Persona' });
  const concert = await createConcert(db, { bandname: 'Concierto ajeno' });
  await other.agent.put(`/api/concerts/${concert.id}/like`).send({ liked: true }).expect(200);
  await db
    .updateTable('user_concert_recommendations')
    .set({ score: 'high', reason: 'Razón de la otra persona' })
    .where('user_id', '=', other.userId)
    .execute();
  await db
    .insertInto('user_identities')
    .values({ provider: 'spotify', provider_user_id: 'spotify-otra', user_id: other.userId })
    .execute();
  await db
    .insertInto('mail_deliveries')
    .values({ user_id: other.userId, kind: 'welcome', to_email: other.email })
    .execute();
  await db.deleteFrom('rate_limits').execute();
  return other;
}

describe('GET /api/profile/export', () => {
  it('holds every value the database keeps about the fan, and nothing else', async () => {
    const { fan, agent, feedToken } = await busyFan();
    const other = await otherFan();
    const res = await agent.get('/api/profile/export').expect(200);
    const file = JSON.parse(res.text) as Record<string, unknown>;
    const { db } = database;

    const user = await rowOf(db, 'users', { user_id: fan.user_id });
    expect(file).toMatchObject({
      format: 'conciertos-mallorca-data-export',
      formatVersion: 1,
      exportedAt: NOW,
    });
    expect(Object.keys(file)).toEqual([
      'format',
      'formatVersion',
      'exportedAt',
      'about',
      'account',
      'tastes',
      'learnedTastes',
      'mailPreferences',
      'concerts',
      'signInIdentities',
      'sessions',
      'mails',
      'artistAlerts',
      'calendarFeed',
      'accountLinks',
      'submissions',
      'adminActivity',
    ]);
    expect(file.account).toEqual({
      userId: user.user_id,
      email: user.email,
      emailVerifiedAt: iso(user.email_verified_at),
      name: user.name,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
      lastSignInAt: iso(user.last_login),
      hasPassword: true,
      passwordChangedAt: iso(user.password_changed_at),
      isAdmin: user.is_admin,
      onboardingCompleted: user.onboarding_completed,
      recommendationsPending: user.needs_recommendation,
      spotifyProfile: {
        spotifyId: 'spotify-joana',
        country: 'ES',
        followers: 12,
        profileImage: user.profile_image,
      },
    });
    expect(file.tastes).toEqual({
      likedGenres: ['Rock', 'Jazz'],
      dislikedGenres: ['Reggaetón'],
      favouriteArtists: ['Sa Fosca', 'Els Tramuntans'],
    });
    // One like and one 'Voy' of Sa Fosca (one concert), one 👎 of Rock: hints, no lesson yet.
    expect(file.learnedTastes).toEqual({ tastes: [], forgotten: [] });
    expect(file.mailPreferences).toEqual({
      weeklyMail: user.is_subscribed,
      concertChangeNotices: user.change_notices,
      showReminders: user.show_reminders,
    });

    const recommendations = await rowsOf(db, 'user_concert_recommendations', {
      user_id: fan.user_id,
    });
    const concerts = await db.selectFrom('concerts').selectAll().execute();
    const going = await rowsOf(db, 'concert_attendance', { user_id: fan.user_id });
    expect(going).toHaveLength(1);
    const expectedConcerts = recommendations
      .map((row) => ({ row, concert: concerts.find((c) => c.id === row.concert_id)! }))
      .sort((a, b) => a.concert.day.localeCompare(b.concert.day))
      .map(({ row, concert }) => ({
        concert: {
          concertId: concert.id,
          title: concert.bandname ?? `Concierto de ${concert.genre}`,
          day: concert.day,
          hour: concert.hour.slice(0, 5),
          venue: concert.venue,
          genre: concert.genre,
          cancelled: false,
        },
        liked: row.liked,
        likedAt: row.liked ? iso(row.liked_at) : null,
        goingSince: iso(going.find((g) => g.concert_id === row.concert_id)?.created_at ?? null),
        feedback: { 1: 'thumbsUp', [-1]: 'thumbsDown' }[row.recommendation_feedback] ?? null,
        feedbackAt: iso(row.feedback_at),
        recommendation:
          row.score === null
            ? null
            : {
                score: row.score,
                reason: row.reason,
                engine: row.engine,
                scoredAt: iso(row.scored_at),
                learned: row.learned,
              },
        updatedAt: iso(row.updated_at),
      }));
    expect(expectedConcerts).toHaveLength(3);
    // The linked band names the first concert; the second has its own name, the third its genre.
    expectedConcerts[1]!.concert.title = 'Sa Fosca';
    expect(file.concerts).toEqual(expectedConcerts);
    expect(expectedConcerts.map((c) => [c.liked, c.feedback, c.recommendation?.reason])).toEqual([
      [false, 'thumbsDown', 'Poco rock esta noche'],
      [true, null, 'Sa Fosca es tu grupo'],
      [true, null, undefined],
    ]);

    const identity = await rowOf(db, 'user_identities', { user_id: fan.user_id });
    expect(file.signInIdentities).toEqual([
      {
        provider: 'google',
        providerUserId: 'google-sub-joana',
        email: 'joana@gmail.example',
        linkedAt: iso(identity.created_at),
      },
    ]);

    const sessions = await db
      .selectFrom('sessions')
      .select(['sid', 'sess', 'expire'])
      .where('user_id', '=', fan.user_id)
      .orderBy('expire', 'desc')
      .execute();
    expect(sessions).toHaveLength(2);
    expect(file.sessions).toEqual(
      sessions.map(({ sess, expire }) => {
        const { device, createdAt } = sess as { device: string; createdAt: number };
        const current = device === 'Firefox en Linux';
        return {
          device,
          signedInAt: new Date(createdAt).toISOString(),
          lastActiveAt: current ? NOW : new Date(expire.getTime() - 30 * 86_400_000).toISOString(),
          expiresAt: iso(expire),
          current,
        };
      }),
    );
    expect((file.sessions as Array<{ device: string }>).map((s) => s.device).sort()).toEqual([
      'Firefox en Linux',
      'Safari en iPhone',
    ]);

    const mails = await db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('user_id', '=', fan.user_id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(file.mails).toEqual(
      mails.map((mail) => ({
        kind: mail.kind,
        toEmail: mail.to_email,
        status: mail.status,
        attempts: mail.attempts,
        createdAt: iso(mail.created_at),
        sentAt: iso(mail.sent_at),
        weeklyCampaign: mail.kind === 'weekly' ? { isoWeek: '2026-W12', mode: 'real' } : null,
        content: mail.payload,
      })),
    );
    expect((file.mails as Array<{ kind: string }>).map((mail) => mail.kind).sort()).toEqual([
      'concert_change',
      'weekly',
      'welcome',
    ]);

    const feed = await rowOf(db, 'calendar_feeds', { user_id: fan.user_id });
    expect(file.calendarFeed).toEqual({
      privateLinkActive: true,
      privateLinkCreatedAt: NOW,
      includeExtremeMatches: feed.include_extreme,
      updatedAt: iso(feed.updated_at),
    });

    const reset = await rowOf(db, 'password_reset_tokens', { user_id: fan.user_id });
    const verification = await rowOf(db, 'email_verification_tokens', { user_id: fan.user_id });
    expect(file.accountLinks).toEqual({
      passwordResets: [
        { requestedAt: iso(reset.created_at), expiresAt: NOW, usedAt: iso(reset.used_at) },
      ],
      emailVerifications: [
        {
          email: verification.email,
          requestedAt: iso(verification.created_at),
          expiresAt: NOW,
          usedAt: NOW,
        },
      ],
    });

    const submission = await rowOf(db, 'band_submissions', { band_name: 'Joana i els Fans' });
    expect(file.submissions).toEqual([
      {
        submissionId: submission.id,
        status: submission.status,
        bandName: 'Joana i els Fans',
        contactEmail: 'joana.fan@EXAMPLE.com',
        spotifyUrl: null,
        genre: 'Rock',
        day: '2030-07-01',
        hour: '20:00',
        venueName: 'Es Gremi',
        venueTown: null,
        price: '10.00',
        description: null,
        imageUrl: null,
        rejectionReason: null,
        createdAt: iso(submission.created_at),
        confirmedAt: NOW,
        reviewedAt: null,
        concertId: null,
      },
    ]);

    const audit = await rowOf(db, 'admin_audit', { actor_id: fan.user_id });
    expect(file.adminActivity).toEqual({
      auditLog: [
        { at: iso(audit.at), action: 'update', entity: 'concert', entityId: audit.entity_id },
      ],
      weeklyCampaignsStarted: [],
      submissionsReviewed: [],
      concertsAdded: [],
    });

    // No secret anywhere in the text.
    const secrets = [
      user.password_hash!,
      ...sessions.map((session) => session.sid),
      feedToken,
      feed.selector!,
      feed.secret_hash!,
      'reset-hash-secreto',
      'verify-hash-secreto',
      'confirm-hash-secreto',
      'smtp.interno.example',
    ];
    expect(feedToken).toHaveLength(59);
    for (const secret of secrets) expect(res.text).not.toContain(secret);
    // Nor anything of the other fan, or of other people in the audit's before and after.
    for (const foreign of [
      other.userId,
      other.email,
      'Otra Persona',
      'Razón de la otra persona',
      'spotify-otra',
      'Concierto ajeno',
      'otra-persona@example.com',
    ]) {
      expect(res.text).not.toContain(foreign);
    }
  });

  it("lists a 'Voy' on a concert not scored for the fan, with no recommendation row", async () => {
    const { agent, userId } = await signedInAgent(app, database.db);
    const concert = await createConcert(database.db, { day: '2030-02-01', bandname: 'Sin nota' });
    await agent.put(`/api/concerts/${concert.id}/going`).send({ going: true }).expect(200);
    expect(await rowsOf(database.db, 'user_concert_recommendations', { user_id: userId })).toEqual(
      [],
    );
    const going = await rowOf(database.db, 'concert_attendance', { user_id: userId });
    const res = await agent.get('/api/profile/export').expect(200);
    expect(res.body.concerts).toEqual([
      {
        concert: {
          concertId: concert.id,
          title: 'Sin nota',
          day: '2030-02-01',
          hour: '21:00',
          venue: 'Es Gremi',
          genre: 'Rock',
          cancelled: false,
        },
        liked: false,
        likedAt: null,
        goingSince: iso(going.created_at),
        feedback: null,
        feedbackAt: null,
        recommendation: null,
        updatedAt: iso(going.created_at),
      },
    ]);
  });

  it('represents every row of every table with a user_id column, or says why not', async () => {
    const { fan, agent } = await busyFan();
    const { db } = database;
    // Rows the busy fan does not make by itself: a 'Voy' alone, an artist alert, a forgotten
    // lesson, a concert the fan added as an admin.
    const goingOnly = await createConcert(db, { day: '2030-08-01', bandname: 'Solo voy' });
    await agent.put(`/api/concerts/${goingOnly.id}/going`).send({ going: true }).expect(200);
    await db
      .insertInto('artist_alerts')
      .values({ user_id: fan.user_id, concert_id: goingOnly.id, created_at: NOW })
      .execute();
    await db
      .insertInto('learned_forgets')
      .values({ user_id: fan.user_id, kind: 'band', key: 'sa fosca', forgotten_at: NOW })
      .execute();
    await createConcert(db, { day: '2030-09-01' }).then(({ id }) =>
      db.updateTable('concerts').set({ user_id: fan.user_id }).where('id', '=', id).execute(),
    );
    const file = (await agent.get('/api/profile/export').expect(200)).body as DataExport;

    const at = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));
    /**
     * How each table's rows show in the file: the columns that name a row, and the same names
     * read from the file. Every row of the fan must be there (the file may say more).
     */
    const EXPORTED: Record<string, { key: string[]; inFile: (f: DataExport) => string[] }> = {
      users: { key: ['user_id'], inFile: (f) => [f.account.userId] },
      user_concert_recommendations: {
        key: ['concert_id'],
        inFile: (f) => f.concerts.map((c) => String(c.concert.concertId)),
      },
      concert_attendance: {
        key: ['concert_id', 'created_at'],
        inFile: (f) =>
          f.concerts
            .filter((c) => c.goingSince)
            .map((c) => `${c.concert.concertId}|${c.goingSince}`),
      },
      user_identities: {
        key: ['provider', 'provider_user_id'],
        inFile: (f) => f.signInIdentities.map((i) => `${i.provider}|${i.providerUserId}`),
      },
      sessions: { key: ['expire'], inFile: (f) => f.sessions.map((x) => x.expiresAt) },
      mail_deliveries: {
        key: ['kind', 'created_at'],
        inFile: (f) => f.mails.map((m) => `${m.kind}|${m.createdAt}`),
      },
      calendar_feeds: {
        key: ['updated_at'],
        inFile: (f) => (f.calendarFeed ? [f.calendarFeed.updatedAt] : []),
      },
      password_reset_tokens: {
        key: ['created_at'],
        inFile: (f) => f.accountLinks.passwordResets.map((l) => l.requestedAt),
      },
      email_verification_tokens: {
        key: ['email', 'created_at'],
        inFile: (f) => f.accountLinks.emailVerifications.map((l) => `${l.email}|${l.requestedAt}`),
      },
      artist_alerts: {
        key: ['concert_id', 'created_at'],
        inFile: (f) => f.artistAlerts.map((a) => `${a.concertId}|${a.matchedAt}`),
      },
      learned_forgets: {
        key: ['kind', 'key'],
        inFile: (f) => f.learnedTastes.forgotten.map((x) => `${x.kind}|${x.key}`),
      },
      // concerts.user_id is the admin who added the concert.
      concerts: {
        key: ['id'],
        inFile: (f) => f.adminActivity.concertsAdded.map((c) => String(c.concertId)),
      },
    };
    /** Tables with a user_id whose rows are not in the file under their own name, and why. */
    const NOT_EXPORTED: Record<string, string> = {
      // A copy the learning job derives from the fan's likes, 'Voy' and 👍/👎 (all in the file)
      // for the scoring passes; the file's learnedTastes section works the same lessons out of
      // those signals in the export's own snapshot, so it is covered under that name.
      learned_tastes: 'derived from signals already in the file (section learnedTastes)',
    };

    const { rows: tables } = await sql<{ table_name: string }>`
      SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'user_id'
      ORDER BY table_name`.execute(db);
    const names = tables.map((t) => t.table_name);
    // A new table naming the fan must be added to the file (or above, with its reason).
    expect(names.filter((name) => !(name in EXPORTED) && !(name in NOT_EXPORTED))).toEqual([]);
    expect(Object.keys(EXPORTED).filter((name) => !names.includes(name))).toEqual([]);
    for (const name of names) {
      const table = EXPORTED[name];
      if (!table) continue;
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${sql.join(table.key.map((column) => sql.ref(column)))} FROM ${sql.table(name)}
        WHERE user_id = ${fan.user_id}`.execute(db);
      const keys = rows.map((row) => table.key.map((column) => at(row[column])).join('|'));
      // The busy fan has a row in each, so the check is never vacuous.
      expect({ name, count: keys.length > 0 }).toEqual({ name, count: true });
      const inFile = table.inFile(file);
      expect({ name, missing: keys.filter((key) => !inFile.includes(key)) }).toEqual({
        name,
        missing: [],
      });
    }
  });

  it('comes as a download no cache keeps, named after the day in Madrid', async () => {
    const { agent } = await signedInAgent(app, database.db);
    const res = await agent.get('/api/profile/export').expect(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${FILE_NAME}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('gives the submissions of the address only once it is verified', async () => {
    const { agent, email } = await signedInAgent(app, database.db, { email_verified_at: null });
    await database.db
      .insertInto('band_submissions')
      .values({
        band_name: 'Grupo de otra persona',
        contact_email: email,
        genre: 'Rock',
        day: '2030-07-01',
        hour: '20:00',
        venue_name: 'Es Gremi',
        price: '10',
      })
      .execute();
    const res = await agent.get('/api/profile/export').expect(200);
    expect(res.body.submissions).toEqual([]);
    expect(res.text).not.toContain('Grupo de otra persona');
  });

  it('answers 401 to a visitor', async () => {
    const res = await request(app).get('/api/profile/export').expect(401);
    expect(res.body.error.message).toBe('No hay sesión activa. Por favor, inicia sesión.');
  });

  it('answers a Spanish 429 after five files in the hour, per fan', async () => {
    const { agent } = await signedInAgent(app, database.db);
    for (let i = 0; i < 5; i++) await agent.get('/api/profile/export').expect(200);
    const res = await agent.get('/api/profile/export').expect(429);
    expect(res.body.error.message).toBe(
      'Ya has descargado tus datos varias veces en la última hora. Vuelve a intentarlo más tarde.',
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another fan still gets theirs.
    const other = await signedInAgent(app, database.db);
    await other.agent.get('/api/profile/export').expect(200);
    const counted = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE 'data-export-user:%'
    `.execute(database.db);
    expect(counted.rows[0]?.n).toBe(2);
  });
});
