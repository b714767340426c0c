import pg from 'pg';

export default async function globalTeardown() {
  const { adminUrl, template } = globalThis.__testTemplate ?? {};
  const embedded = globalThis.__embeddedPostgres;
  if (embedded) {
    await embedded.server.stop();
    const { rmSync } = await import('node:fs');
    rmSync(embedded.dir, { recursive: true, force: true });
    globalThis.__embeddedPostgres = undefined;
    return;
  }
  // An external server (TEST_DATABASE_URL): drop what this run created.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query(
    `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
    [template, `${template}_t%`],
  );
  for (const { datname } of rows) {
    await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
  await client.end();
}
