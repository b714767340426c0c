// The panel's addresses: each section has its own, and so does each concert and each submission.
export const ADMIN_PATHS = {
  overview: '/admin',
  submissions: '/admin/propuestas',
  concerts: '/admin/conciertos',
  newConcert: '/admin/conciertos/nuevo',
  bands: '/admin/bandas',
  venues: '/admin/salas',
  weeklyMail: '/admin/email-semanal',
  ai: '/admin/ia',
  changeLog: '/admin/registro',
} as const;

export const concertAdminPath = (id: number) => `${ADMIN_PATHS.concerts}/${id}`;
export const submissionAdminPath = (id: number) => `${ADMIN_PATHS.submissions}/${id}`;

/** The navigation's entries, in the order an admin's day goes. */
export const ADMIN_SECTIONS = [
  { to: ADMIN_PATHS.overview, label: 'Resumen' },
  { to: ADMIN_PATHS.submissions, label: 'Propuestas' },
  { to: ADMIN_PATHS.concerts, label: 'Conciertos' },
  { to: ADMIN_PATHS.bands, label: 'Bandas' },
  { to: ADMIN_PATHS.venues, label: 'Salas' },
  { to: ADMIN_PATHS.weeklyMail, label: 'Email semanal' },
  { to: ADMIN_PATHS.ai, label: 'Recomendaciones e IA' },
  { to: ADMIN_PATHS.changeLog, label: 'Registro de cambios' },
] as const;
