// What the app first draws, sent inside #root so the browser paints it as soon as the HTML and the
// stylesheet arrive, instead of a blank screen until the app's JavaScript (about 100 KB gzipped)
// has loaded and run: on a slow phone that is a second or more earlier. React replaces it with the
// same markup in the same place, so nothing moves (test/e2e/smoke.spec.ts compares the boxes).
// - The site header (client/src/components/SiteHeader.tsx). With a session cookie it keeps the
//   room of the account buttons, hidden, as SiteHeader does while the session loads.
// - For a visitor on the landing, the hero's title and text too (LandingPage.tsx, the same words
//   from common/landing-text.ts): the largest text of the screen, so its first paint is the page's.
//   Not the sign-in forms: what someone typed before the app ran would be lost when React
//   replaces them.
import { HERO_SUBTITLE, HERO_TITLE } from '../../common/landing-text.js';
import { escapeHtml } from './html-shell.js';
const ACCOUNT_ROOM =
  '<div class="site-header__actions site-header__actions--room" aria-hidden="true">' +
  '<button type="button" class="header-button" tabindex="-1" disabled>Mi perfil</button>' +
  '<button type="button" class="header-button header-button--ghost" tabindex="-1" disabled>' +
  'Cerrar sesión</button></div>';

export function headerShell(sessionCookie: boolean): string {
  return (
    '<header class="site-header"><div class="site-header__inner">' +
    '<a class="site-logo" href="/">' +
    '<img src="/logo.webp" alt="" width="40" height="40" class="site-logo__image">' +
    '<span class="site-logo__text">Conciertos Mallorca</span></a>' +
    (sessionCookie ? ACCOUNT_ROOM : '') +
    '</div></header>'
  );
}

const EQUALIZER = `<div class="hero__equalizer" aria-hidden="true">${'<span></span>'.repeat(5)}</div>`;

export function landingShell(): string {
  return (
    '<main id="contenido" tabindex="-1" class="site-main"><div class="landing">' +
    '<section class="hero" aria-labelledby="hero-title"><div class="hero__inner">' +
    `<div class="hero__text"><h1 id="hero-title" class="hero__title">${escapeHtml(HERO_TITLE)}</h1>` +
    `<p class="hero__subtitle">${escapeHtml(HERO_SUBTITLE)}</p></div>${EQUALIZER}` +
    '</div></section></div></main>'
  );
}
