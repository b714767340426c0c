import { bootstrapAdmin } from '../server/accounts/admin-bootstrap.js';
import { verifyPassword } from '../server/accounts/password.js';
import { createLogger } from '../server/lib/logger.js';
import { testConfig } from './helpers/app.js';
import { useTestDatabase } from './helpers/db.js';
import { createUser } from './helpers/factories.js';

const database = useTestDatabase();

const log = createLogger('silent');
const adminOf = (email: string) =>
  database.db
    .selectFrom('users')
    .select(['is_admin', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();

describe('ADMIN_EMAIL at start', () => {
  it('makes an existing account an admin, whatever the case of the email', async () => {
    await createUser(database.db, { email: 'jefa@example.com' });
    await bootstrapAdmin(database.db, testConfig({ ADMIN_EMAIL: 'JEFA@example.com' }), log);
    expect((await adminOf('jefa@example.com'))?.is_admin).toBe(true);
  });

  it('creates the account with ADMIN_PASSWORD when it does not exist', async () => {
    const config = testConfig({ ADMIN_EMAIL: 'nuevo@example.com', ADMIN_PASSWORD: 'clave-admin' });
    await bootstrapAdmin(database.db, config, log);
    const admin = await adminOf('nuevo@example.com');
    expect(admin?.is_admin).toBe(true);
    expect(await verifyPassword('clave-admin', admin!.password_hash!)).toBe(true);
    // A second start changes nothing (the password is not reset).
    await bootstrapAdmin(
      database.db,
      testConfig({ ADMIN_EMAIL: 'nuevo@example.com', ADMIN_PASSWORD: 'otra' + 'clave' }),
      log,
    );
    expect(
      await verifyPassword('clave-admin', (await adminOf('nuevo@example.com'))!.password_hash!),
    ).toBe(true);
  });

  it('without ADMIN_PASSWORD a missing account is not created', async () => {
    await bootstrapAdmin(database.db, testConfig({ ADMIN_EMAIL: 'fantasma@example.com' }), log);
    expect(await adminOf('fantasma@example.com')).toBeUndefined();
  });
  it('an account registered with that email but never verified is not promoted, nor replaced', async () => {
    await createUser(database.db, { email: 'okupa@example.com', email_verified_at: null });
    const config = testConfig({ ADMIN_EMAIL: 'okupa@example.com', ADMIN_PASSWORD: 'clave-admin' });
    await bootstrapAdmin(database.db, config, log);
    const row = await adminOf('okupa@example.com');
    expect(row?.is_admin).toBe(false);
    expect(row?.password_hash).toBeNull();
    const count = await database.db
      .selectFrom('users')
      .select('user_id')
      .where('email', 'ilike', 'okupa@example.com')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('the account it creates with ADMIN_PASSWORD is verified', async () => {
    await bootstrapAdmin(
      database.db,
      testConfig({ ADMIN_EMAIL: 'creada@example.com', ADMIN_PASSWORD: 'clave-admin' }),
      log,
    );
    const row = await database.db
      .selectFrom('users')
      .select(['is_admin', 'email_verified_at'])
      .where('email', '=', 'creada@example.com')
      .executeTakeFirstOrThrow();
    expect(row.is_admin).toBe(true);
    expect(row.email_verified_at).toBeInstanceOf(Date);
  });
});
