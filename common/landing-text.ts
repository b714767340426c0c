// The landing's hero text, shared by the React page (client/src/features/landing/LandingPage.tsx)
// and the markup the server sends before the app runs (server/web/first-paint.ts), so the two can
// never say different things.
export const HERO_TITLE = 'TU AGENDA PERSONALIZADA DE CONCIERTOS';
export const HERO_SUBTITLE =
  'Todos los conciertos de Mallorca en un solo sitio, con una nota de afinidad hecha a tu medida para que no se te escape ninguno que vaya contigo.';
