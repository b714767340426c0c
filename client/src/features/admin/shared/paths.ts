// The panel's addresses: each section has its own, and so does each concert and each submission
// (the sources' events waiting for review and the concerts their source dropped, too).
import type { AdminMessageId } from '@common/i18n/catalogues';

export const ADMIN_PATHS = {
  overview: '/admin',
  submissions: '/admin/propuestas',
  concerts: '/admin/conciertos',
  newConcert: '/admin/conciertos/nuevo',
  bands: '/admin/bandas',
  venues: '/admin/salas',
  sources: '/admin/fuentes',
  waiting: '/admin/fuentes/revision',
  missing: '/admin/fuentes/desaparecidos',
  weeklyMail: '/admin/email-semanal',
  ai: '/admin/ia',
  changeLog: '/admin/registro',
} as const;

export const concertAdminPath = (id: number) => `${ADMIN_PATHS.concerts}/${id}`;
export const submissionAdminPath = (id: number) => `${ADMIN_PATHS.submissions}/${id}`;

/** The navigation's entries, in the order an admin's day goes. */
export const ADMIN_SECTIONS = [
  { to: ADMIN_PATHS.overview, label: 'admin.section.overview' },
  { to: ADMIN_PATHS.submissions, label: 'admin.section.submissions' },
  { to: ADMIN_PATHS.concerts, label: 'admin.section.concerts' },
  { to: ADMIN_PATHS.bands, label: 'admin.section.bands' },
  { to: ADMIN_PATHS.venues, label: 'admin.section.venues' },
  { to: ADMIN_PATHS.sources, label: 'admin.section.sources' },
  { to: ADMIN_PATHS.weeklyMail, label: 'admin.section.weeklyMail' },
  { to: ADMIN_PATHS.ai, label: 'admin.section.ai' },
  { to: ADMIN_PATHS.changeLog, label: 'admin.section.changeLog' },
] as const satisfies ReadonlyArray<{ to: string; label: AdminMessageId }>;
