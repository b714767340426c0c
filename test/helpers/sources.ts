// What the source tests share: the venues the fixtures name, the tables a test empties, and the
// admin's calls (add a source, run it) over HTTP.
import type { Express } from 'express';
import request from 'supertest';
import type { Database } from '../../server/db/database.js';
import type { DB } from '../../server/db/schema.js';
import { ADMIN_EDIT_TABLES } from './db.js';
import { createVenue } from './factories.js';
import { signedInAgent } from './session.js';

export const SOURCE_TABLES = [
  'imported_events',
  'source_runs',
  'source_host_fetches',
  'sources',
  'mail_deliveries',
  ...ADMIN_EDIT_TABLES,
] as const satisfies readonly (keyof DB)[];

/** The day the fixtures are read on: their concerts are in October and November 2030. */
export const FIXTURE_NOW = '2030-09-01T08:00:00Z';

/** The venues the fixtures name, by name, address or "Name, Town". */
export async function fixtureVenues(db: Database) {
  const [esGremi, saManiga, jazzVoyeur, principal] = await Promise.all([
    createVenue(db, { name: 'Es Gremi', address: 'Carrer Gremi de Porgadors 16' }),
    createVenue(db, { name: 'Auditori Sa Màniga', town: 'Cala Millor' }),
    createVenue(db, { name: 'Jazz Voyeur Club', address: 'Carrer de Sant Feliu 8' }),
    createVenue(db, { name: 'Teatre Principal de Palma', address: 'Carrer de la Riera 2A' }),
  ]);
  return { esGremi, saManiga, jazzVoyeur, principal };
}

export type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

export const signedInAdmin = async (app: Express, db: Database) =>
  (await signedInAgent(app, db, { is_admin: true })).agent;

/** POST /api/admin/sources, expecting 201; answers the source. */
export async function addSource(
  agent: Agent,
  body: { url: string; name: string; review?: boolean; genre?: string; venueId?: number },
) {
  const response = await agent.post('/api/admin/sources').send({ review: false, ...body });
  if (response.status !== 201) {
    throw new Error(`POST /api/admin/sources: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as { id: number; url: string };
}

/** "Importar ahora": the run's answer. */
export async function runNow(agent: Agent, sourceId: number) {
  const response = await agent.post(`/api/admin/sources/${sourceId}/run`).expect(200);
  return response.body as {
    found: number;
    created: number;
    updated: number;
    unchanged: number;
    waiting: number;
    skipped: number;
    skippedReasons: { reason: string; count: number; examples: string[] }[];
    error: string | null;
  };
}

/** The run's five counts, for an exact comparison. */
export const countsOf = (run: Awaited<ReturnType<typeof runNow>>) => ({
  found: run.found,
  created: run.created,
  updated: run.updated,
  unchanged: run.unchanged,
  waiting: run.waiting,
  skipped: run.skipped,
});

/** Every concert, in agenda order, as the tests compare them. */
export async function concertsNow(db: Database) {
  const rows = await db
    .selectFrom('concerts')
    .select([
      'id',
      'day',
      'hour',
      'venue',
      'genre',
      'price',
      'bandname',
      'ticket_url',
      'source_url',
      'cancelled_at',
    ])
    .orderBy('day')
    .orderBy('hour')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, hour: row.hour.slice(0, 5) }));
}

export { request };
