// The PostgreSQL refusals the services answer as 409 or 404: the predicates recognise real errors,
// and the constraint names the services narrow them to exist in the schema.
import { BAND_NAME_KEY } from '../server/admin/bands/bands-admin.service.js';
import { BAND_LINK_KEY } from '../server/admin/concerts/concerts-admin.service.js';
import { VENUE_NAME_KEY } from '../server/admin/venues/venues-admin.service.js';
import {
  isForeignKeyViolation,
  isInvalidPassword,
  isUniqueViolation,
} from '../server/db/pg-errors.js';
import { useTestDatabase } from './helpers/db.js';
import { createBand, createConcert, createVenue } from './helpers/factories.js';

const database = useTestDatabase({ cleared: ['concert_band', 'concerts', 'bands', 'venues'] });

/** The error a write fails with (the test fails if it does not). */
async function refusal(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('The write was expected to fail.');
}

it('a second band or venue of one name is a unique violation of its name index', async () => {
  await createBand(database.db, { band_name: 'Los Pájaros' });
  const sameBand = await refusal(() =>
    database.db.insertInto('bands').values({ band_name: 'los pájaros' }).execute(),
  );
  expect(isUniqueViolation(sameBand)).toBe(true);
  expect(isUniqueViolation(sameBand, BAND_NAME_KEY)).toBe(true);
  expect(isUniqueViolation(sameBand, VENUE_NAME_KEY)).toBe(false);
  expect(isForeignKeyViolation(sameBand)).toBe(false);

  await createVenue(database.db, { name: 'Es Gremi' });
  const sameVenue = await refusal(() =>
    database.db.insertInto('venues').values({ name: 'ES GREMI', town: 'Palma' }).execute(),
  );
  expect(isUniqueViolation(sameVenue, VENUE_NAME_KEY)).toBe(true);
});

it('a link to a band or concert that is gone is a foreign-key violation, told apart by key', async () => {
  const venue = await createVenue(database.db);
  const concert = await createConcert(database.db, { venue_id: venue.id });
  const band = await createBand(database.db);
  const noBand = await refusal(() =>
    database.db.insertInto('concert_band').values({ concert_id: concert.id, band_id: 0 }).execute(),
  );
  expect(isForeignKeyViolation(noBand)).toBe(true);
  expect(isForeignKeyViolation(noBand, BAND_LINK_KEY)).toBe(true);
  expect(isUniqueViolation(noBand)).toBe(false);

  const noConcert = await refusal(() =>
    database.db.insertInto('concert_band').values({ concert_id: 0, band_id: band.id }).execute(),
  );
  expect(isForeignKeyViolation(noConcert)).toBe(true);
  expect(isForeignKeyViolation(noConcert, BAND_LINK_KEY)).toBe(false);
});

it('anything that is not a PostgreSQL error matches nothing', () => {
  for (const value of [undefined, null, 'x', 23505, new Error('23505'), { code: 23505 }]) {
    expect(isUniqueViolation(value)).toBe(false);
    expect(isForeignKeyViolation(value)).toBe(false);
    expect(isInvalidPassword(value)).toBe(false);
  }
  expect(isInvalidPassword({ code: '28P01' })).toBe(true);
});
