import request from 'supertest';
import { createTestApp, fixedClock } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createConcertAt } from './helpers/factories.js';

const database = useTestDatabase({ cleared: ['concerts'] });

// 2026-11-21T00:15:00Z is 01:15 in Madrid (CET, UTC+1): now minus 2 h is 23:15 the day before.
const AFTER_MIDNIGHT = fixedClock('2026-11-21T00:15:00Z');

describe('GET /api/concerts/carousel', () => {
  it('lists upcoming concerts by day then hour, hiding those started more than 2 h ago (Madrid time)', async () => {
    const band = await createBand(database.db, { band_name: 'Los Tramuntanos' });
    await createConcertAt(database.db, '2026-11-20', '23:00', {
      bandname: 'Empezó hace más de 2 h',
    });
    const lateYesterday = await createConcertAt(database.db, '2026-11-20', '23:30', {
      bandIds: [band.id],
    });
    const tomorrow = await createConcertAt(database.db, '2026-11-22', '20:00', { price: '0' });
    const todayLate = await createConcertAt(database.db, '2026-11-21', '22:00');
    const todayEarly = await createConcertAt(database.db, '2026-11-21', '19:30');

    const { app } = createTestApp({ database, clock: AFTER_MIDNIGHT });
    const res = await request(app).get('/api/concerts/carousel').expect(200);
    expect(res.body.concerts.map((c: { id: number }) => c.id)).toEqual([
      lateYesterday.id,
      todayEarly.id,
      todayLate.id,
      tomorrow.id,
    ]);
    expect(res.body.concerts[0]).toEqual({
      id: lateYesterday.id,
      day: '2026-11-20',
      hour: '23:30',
      genre: 'Rock',
      venue: 'Es Gremi',
      price: '15.00',
      bands: ['Los Tramuntanos'],
    });
    expect(res.body.concerts[3].price).toBe('0.00');
  });

  it('uses Madrid time whatever the server timezone: summer time is UTC+2', async () => {
    // 2026-07-01T21:30Z is 23:30 in Madrid: a 21:00 concert started 2.5 h ago, a 21:45 one 1.75 h ago.
    await createConcert(database.db, { day: '2026-07-01', hour: '21:00' });
    const recent = await createConcert(database.db, { day: '2026-07-01', hour: '21:45' });
    const { app } = createTestApp({ database, clock: fixedClock('2026-07-01T21:30:00Z') });
    const res = await request(app).get('/api/concerts/carousel').expect(200);
    expect(res.body.concerts.map((c: { id: number }) => c.id)).toEqual([recent.id]);
  });

  it('returns at most 20 concerts, and the free name when a concert has no band', async () => {
    for (let i = 0; i < 25; i += 1) {
      await createConcert(database.db, {
        day: '2026-12-01',
        hour: `${10 + (i % 10)}:00`,
        bandname: `Cartel ${i}`,
      });
    }
    const { app } = createTestApp({ database, clock: AFTER_MIDNIGHT });
    const res = await request(app).get('/api/concerts/carousel').expect(200);
    expect(res.body.concerts).toHaveLength(20);
    expect(res.body.concerts[0].bands).toEqual([expect.stringMatching(/^Cartel \d+$/)]);
  });

  it('answers an empty list when nothing is upcoming', async () => {
    const { app } = createTestApp({ database, clock: AFTER_MIDNIGHT });
    await request(app).get('/api/concerts/carousel').expect(200, { concerts: [] });
  });
});
