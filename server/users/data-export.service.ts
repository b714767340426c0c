// 'Descargar mis datos' (the GDPR's rights of access and portability): everything held about the
// fan, read from one snapshot and given as one JSON file. Secrets stay out: the repository never
// selects them.
import type { DataExport } from '../../common/profile/types.js';
import { DATA_EXPORT_FORMAT } from '../../common/profile/responses.js';
import type { Database } from '../db/database.js';
import { notFound } from '../lib/errors.js';
import { madridDateTime, type Clock } from '../lib/time.js';
import {
  iso,
  toExportAccount,
  toExportCalendarFeed,
  toExportConcert,
  toExportLink,
  toExportMail,
  toExportMailPreferences,
  toExportSubmission,
  toExportTastes,
} from './data-export.dto.js';
import {
  type ExportUserRow,
  findExportCalendarFeed,
  findExportConcertRows,
  findExportMails,
  findExportSessions,
  findExportSubmissions,
  findExportUser,
  OWN_LISTS,
  readInSnapshot,
} from './data-export.repository.js';
import { ACCOUNT_NOT_FOUND } from './profile.service.js';
import { describeSession } from './sessions.dto.js';
import { learnedOfFan } from '../recommendations/learned-lessons.js';
import { toLearnedTastesDto } from './learned.dto.js';

const ABOUT =
  'Todo lo que Conciertos Mallorca guarda sobre ti: tu cuenta, tus gustos (y lo que hemos ' +
  'aprendido de tus valoraciones, likes y «Voy»), tus likes, los ' +
  'conciertos a los que vas y tus ' +
  'valoraciones, las recomendaciones con su explicación, los emails que te hemos enviado, tus ' +
  'sesiones, los conciertos que te hemos avisado de tus artistas y las cuentas de Google o Spotify con las que entras. No incluye secretos: tu ' +
  'contraseña (solo dice si tienes una), los identificadores de tus sesiones, el enlace de tu ' +
  'calendario privado ni los enlaces que te enviamos por email.';

/** Who asks, read once: the sections take what they need from here. */
interface Fan {
  user: ExportUserRow;
  currentSid: string;
  now: Date;
}

type Sections = Omit<DataExport, 'format' | 'formatVersion' | 'exportedAt' | 'about'>;
type SectionReader<K extends keyof Sections> = (
  db: Database,
  fan: Fan,
) => Sections[K] | Promise<Sections[K]>;

const mapped =
  <Row, Out>(find: (db: Database, userId: string) => Promise<Row[]>, to: (row: Row) => Out) =>
  async (db: Database, fan: Fan) =>
    (await find(db, fan.user.user_id)).map(to);

/**
 * Every section of the file, in its order, and how it is read. A new table that names the fan is
 * one entry here (and its shape in common/profile/responses.ts dataExportSchema).
 */
const SECTIONS: { [K in keyof Sections]: SectionReader<K> } = {
  account: (_db, { user }) => toExportAccount(user),
  tastes: (_db, { user }) => toExportTastes(user),
  // Worked out from the fan's signals in the same snapshot; the file is in Spanish.
  learnedTastes: async (db, { user, now }) =>
    toLearnedTastesDto(await learnedOfFan(db, user.user_id, now), 'es'),
  mailPreferences: (_db, { user }) => toExportMailPreferences(user),
  concerts: mapped(findExportConcertRows, toExportConcert),
  signInIdentities: mapped(OWN_LISTS.signInIdentities, (row) => ({
    provider: row.provider,
    providerUserId: row.provider_user_id,
    email: row.email,
    linkedAt: iso(row.created_at),
  })),
  sessions: async (db, { user, currentSid, now }) =>
    (await findExportSessions(db, user.user_id, currentSid)).map((row) => ({
      ...describeSession(row, row.current, now),
      expiresAt: iso(row.expire),
    })),
  mails: mapped(findExportMails, toExportMail),
  artistAlerts: mapped(OWN_LISTS.artistAlerts, (row) => ({
    concertId: row.concert_id,
    matchedAt: iso(row.created_at),
    mailed: row.delivery_id !== null,
    droppedAt: row.dropped_at ? iso(row.dropped_at) : null,
  })),
  calendarFeed: async (db, { user }) =>
    toExportCalendarFeed(await findExportCalendarFeed(db, user.user_id)),
  accountLinks: async (db, fan) => ({
    passwordResets: await mapped(OWN_LISTS.passwordResets, toExportLink)(db, fan),
    emailVerifications: await mapped(OWN_LISTS.emailVerifications, (row) => ({
      email: row.email,
      ...toExportLink(row),
    }))(db, fan),
  }),
  // Anyone may type any address in the public form: only a proven address gets its submissions,
  // and only those its mailbox confirmed (the repository).
  submissions: async (db, { user }) =>
    user.email_verified_at
      ? (await findExportSubmissions(db, user.email)).map(toExportSubmission)
      : [],
  adminActivity: async (db, fan) => ({
    auditLog: await mapped(OWN_LISTS.auditLog, (row) => ({
      at: iso(row.at),
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
    }))(db, fan),
    weeklyCampaignsStarted: await mapped(OWN_LISTS.weeklyCampaignsStarted, (row) => ({
      isoWeek: row.iso_week,
      mode: row.mode,
      startedAt: iso(row.created_at),
    }))(db, fan),
    submissionsReviewed: await mapped(OWN_LISTS.submissionsReviewed, (row) => ({
      submissionId: row.id,
      status: row.status,
      reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
    }))(db, fan),
    concertsAdded: await mapped(OWN_LISTS.concertsAdded, (row) => ({
      concertId: row.id,
      addedAt: iso(row.created_at),
    }))(db, fan),
  }),
};

export interface DataExportDeps {
  db: Database;
  clock: Clock;
}

/** The fan's file and its name: 'conciertos-mallorca-mis-datos-<Madrid date>.json'. */
export async function exportOwnData(
  deps: DataExportDeps,
  userId: string,
  currentSid: string,
): Promise<{ file: DataExport; fileName: string }> {
  const now = deps.clock();
  const sections = await readInSnapshot(deps.db, async (trx) => {
    const user = await findExportUser(trx, userId);
    if (!user) throw notFound(ACCOUNT_NOT_FOUND);
    const fan: Fan = { user, currentSid, now };
    const read: Partial<Record<keyof Sections, unknown>> = {};
    // One after another: a transaction is one connection.
    for (const [key, section] of Object.entries(SECTIONS)) {
      read[key as keyof Sections] = await (section as SectionReader<keyof Sections>)(trx, fan);
    }
    return read as Sections;
  });
  const file: DataExport = {
    format: DATA_EXPORT_FORMAT,
    formatVersion: 1,
    exportedAt: iso(now),
    about: ABOUT,
    ...sections,
  };
  return { file, fileName: `conciertos-mallorca-mis-datos-${madridDateTime(now).day}.json` };
}
