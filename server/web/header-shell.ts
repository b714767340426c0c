// The site header as the app first draws it (client/src/components/SiteHeader.tsx), sent inside
// #root so the browser paints something as soon as the HTML and the stylesheet arrive, instead of
// a blank screen until the app's JavaScript (about 100 KB gzipped) has loaded and run: on a slow
// phone that is a second or more earlier. React replaces it with the same header in the same place,
// so nothing moves (test/e2e/smoke.spec.ts compares the two boxes). With a session cookie the
// header keeps the room of the account buttons, hidden, as SiteHeader does while the session loads.
const ACCOUNT_ROOM =
  '<div class="site-header__actions site-header__actions--room" aria-hidden="true">' +
  '<button type="button" class="header-button" tabindex="-1" disabled>Mi perfil</button>' +
  '<button type="button" class="header-button header-button--ghost" tabindex="-1" disabled>' +
  'Cerrar sesión</button></div>';

export function headerShell(sessionCookie: boolean): string {
  return (
    '<header class="site-header"><div class="site-header__inner">' +
    '<a class="site-logo" href="/">' +
    '<img src="/logo.svg" alt="" width="40" height="40" class="site-logo__image">' +
    '<span class="site-logo__text">Conciertos Mallorca</span></a>' +
    (sessionCookie ? ACCOUNT_ROOM : '') +
    '</div></header>'
  );
}
