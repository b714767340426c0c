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
    // A role without superuser may not end an autovacuum worker (42501): it ends soon, try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        break;
      } catch (error) {
        if (error.code !== '42501' || attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
  await client.end();
}
