// Grows a started server's demo agenda to a number of upcoming concerts by copying the demo
// concerts (with their bands, venues, prices and texts) a week, two weeks... later, straight in
// its embedded database: the agenda at the size of a real season, for the Lighthouse bench.
import pg from 'pg';
import { adminUrl, readPassword } from '../../server/db/embedded-password.js';
import { EMBEDDED_DATABASE } from '../../server/db/embedded.js';

export async function growUpcomingConcerts(
  server: { dataDir: string; postgresPort: number },
  target: number,
): Promise<number> {
  const password = readPassword(server.dataDir);
  if (!password) throw new Error(`sin contraseña de PostgreSQL en ${server.dataDir}`);
  const client = new pg.Client({
    connectionString: adminUrl(server.postgresPort, password, EMBEDDED_DATABASE),
  });
  await client.connect();
  try {
    // One statement: each copy keeps its source's bands (concert_band) through a mapping of ids.
    // The triggers tell the server's caches, as an admin's edit would.
    await client.query(
      `WITH upcoming AS (
         SELECT c.*, count(*) OVER () AS total FROM concerts c
         WHERE c.day >= current_date AND c.cancelled_at IS NULL
       ),
       copies AS (
         SELECT u.*, n, row_number() OVER (ORDER BY n, u.id) AS k
         FROM upcoming u CROSS JOIN generate_series(1, 1000) n
       ),
       wanted AS (
         SELECT * FROM copies WHERE k <= greatest($1::int - total, 0)
       ),
       inserted AS (
         INSERT INTO concerts (day, hour, venue, venue_id, genre, price, bandname,
           concert_description, description_short, description_long, image_url)
         SELECT day + 7 * n, hour, venue, venue_id, genre, price, bandname,
           concert_description, description_short, description_long, image_url
         FROM wanted ORDER BY k
         RETURNING id
       ),
       pairs AS (
         SELECT w.id AS source, i.id AS copy
         FROM (SELECT id, row_number() OVER (ORDER BY k) AS k FROM wanted) w
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM inserted) i USING (k)
       )
       INSERT INTO concert_band (concert_id, band_id)
       SELECT p.copy, cb.band_id FROM pairs p JOIN concert_band cb ON cb.concert_id = p.source`,
      [target],
    );
    const { rows } = await client.query<{ count: string }>(
      'SELECT count(*) FROM concerts WHERE day >= current_date AND cancelled_at IS NULL',
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}
