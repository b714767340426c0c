// The app's service worker, served as /sw.js (the build fills in BUILD: client/vite.config.ts).
// It keeps this build's shell (its hashed JS and CSS, the pictures every page shows) and one fan's
// agenda, so /myconcerts opens offline: the page's HTML and GET /api/concerts, in a cache named
// after the fan. Never another fan's: the pages say who is signed in
// (client/src/app/serviceWorker.ts), and a sign-out, or another fan signing in, deletes the
// previous fan's cache. Nothing else of the API, no other page, no write and no answer but a 200
// is ever kept. The copy lives only as long as the session that made it: it carries the session's
// expiry (X-Session-Expires on the fan's page) and is forgotten once that passes, and as soon as
// the server says the session ended (a 401, X-Session-Ended, or /myconcerts drawn for a visitor).
// Offline without a live copy, /myconcerts is a plain "Sin conexión" page: nothing personal.

const BUILD = { version: 'dev', shell: [] };

const SHELL_CACHE = `shell-${BUILD.version}`;
const FAN_PREFIX = 'fan-';
const AGENDA_PAGE = '/myconcerts';
const AGENDA_API = '/api/concerts';
/** The app asks for the agenda in its page's language: still the fan's one agenda, one copy. */
const LANGUAGE_ONLY = /^\?lang=[a-z]{2}$/;
/**
 * Marks the copy served offline (client/src/features/concerts/components/OfflineNote.tsx reads it).
 */
const OFFLINE_MARK = '<meta name="offline-copy" content="">';
const PAGE_DATA = /<script id="app-data" type="application\/json">(.*?)<\/script>/s;
/** server/lib/session-signals.ts: the session's expiry, and "no live session here". */
const SESSION_EXPIRES = 'X-Session-Expires';
const SESSION_ENDED = 'X-Session-Ended';
/** On the kept copies: when they must be forgotten (the session's expiry, ISO 8601). */
const FORGET_AT = 'X-Forget-At';
const OFFLINE_PAGE = `<!doctype html><html lang="es"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sin conexión · Conciertos Mallorca</title></head>
<body><main><h1>Sin conexión</h1>
<p>Conéctate a internet para ver tus conciertos.</p>
<p><a href="/myconcerts">Reintentar</a></p></main></body></html>`;

/** Who each open page says is signed in (client id → user id or null), while the worker runs. */
const pageUsers = new Map();

self.addEventListener('install', (event) => {
  // Revalidated: the pictures' names carry no hash, and the HTTP cache may hold older ones.
  const requests = BUILD.shell.map((url) => new Request(url, { cache: 'no-cache' }));
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const oldShells = names.filter((name) => name.startsWith('shell-') && name !== SHELL_CACHE);
      await Promise.all(oldShells.map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
  // Not waited for: the pages' requests would wait for it, as they do for an activating worker.
  void redrawAgendaPage();
});

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'skip-waiting') void self.skipWaiting();
  if (message?.type !== 'user') return;
  const userId = typeof message.id === 'string' && message.id !== '' ? message.id : null;
  if (event.source) pageUsers.set(event.source.id, userId);
  event.waitUntil(userId ? fanCacheFor(userId) : forgetFansBut(null));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const bare = url.search === '';
  if (request.mode === 'navigate') {
    // The agenda's filters live in the query: only the bare page is the copy's page.
    if (url.pathname === AGENDA_PAGE && bare) event.respondWith(agendaPage(event));
  } else if (url.pathname === AGENDA_API && (bare || LANGUAGE_ONLY.test(url.search))) {
    event.respondWith(agendaAnswer(event));
  } else if (BUILD.shell.includes(url.pathname)) {
    event.respondWith(
      caches.match(request, { cacheName: SHELL_CACHE }).then((kept) => kept ?? fetch(request)),
    );
  }
});

/** Network first; offline, the signed-in fan's copy while its session lives, marked as such. */
async function agendaPage(event) {
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    return (await liveCopy(AGENDA_PAGE)) ?? offlinePage();
  }
  event.waitUntil(keepAgendaPage(response.clone()));
  return response;
}

function offlinePage() {
  return new Response(OFFLINE_PAGE, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Whether the server says this request had no live session. */
const sessionEnded = (response) => response.status === 401 || response.headers.has(SESSION_ENDED);

/** The kept copy of `path` while its session lives; a copy past its time is forgotten. */
async function liveCopy(path) {
  const cache = await currentFanCache();
  const kept = await cache?.match(path);
  if (!kept) return undefined;
  const forgetAt = Date.parse(kept.headers.get(FORGET_AT) ?? '');
  if (Number.isFinite(forgetAt) && forgetAt > Date.now()) return kept;
  await forgetFansBut(null);
  return undefined;
}

/** Network first; offline, the copy kept for the fan this page says is signed in, theirs only. */
async function agendaAnswer(event) {
  const userId = pageUsers.get(event.clientId);
  const cacheName = userId && FAN_PREFIX + userId;
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    const kept = cacheName && (await caches.has(cacheName)) && (await liveCopy(AGENDA_API));
    return kept || Response.error();
  }
  if (sessionEnded(response)) {
    event.waitUntil(forgetFansBut(null));
  } else if (cacheName && response.status === 200 && (await caches.has(cacheName))) {
    // Only into that fan's cache, never making one: another page may have signed someone else
    // in. It keeps the time the page's copy has.
    const copy = response.clone();
    event.waitUntil(keepAnswer(cacheName, copy));
  }
  return response;
}

async function keepAnswer(cacheName, response) {
  const cache = await caches.open(cacheName);
  const forgetAt = (await cache.match(AGENDA_PAGE))?.headers.get(FORGET_AT);
  if (!forgetAt) return;
  const headers = { 'Content-Type': 'application/json', [FORGET_AT]: forgetAt };
  await cache.put(AGENDA_API, new Response(await response.text(), { headers }));
}

/**
 * The fan's page as the server drew it for them (a visitor's answer is a redirect: not kept), and
 * the agenda it was drawn from as the API's answer: offline, the app's refresh of a copy older
 * than the agenda's freshness gets that, where a failed read would replace the cards.
 */
async function keepAgendaPage(response) {
  // Drawn for a visitor (a redirect to the landing) or refused: whatever session made the copy
  // has ended.
  if (response.type === 'opaqueredirect' || sessionEnded(response)) {
    await forgetFansBut(null);
    return;
  }
  if (response.status !== 200) return;
  const html = await response.text();
  const data = pageDataIn(html);
  const userId = data?.session?.user?.id;
  if (typeof userId !== 'string' || userId === '') {
    if (data) await forgetFansBut(null);
    return;
  }
  const forgetAt = response.headers.get(SESSION_EXPIRES);
  // Without the session's expiry the copy could outlive it: not kept.
  if (!data.agenda || !forgetAt) return;
  const cache = await fanCacheFor(userId);
  // In the head, outside the app's root: hydration never sees it.
  const marked = html.replace('</head>', `${OFFLINE_MARK}</head>`);
  const headers = (type) => ({ 'Content-Type': type, [FORGET_AT]: forgetAt });
  await cache.put(AGENDA_PAGE, new Response(marked, { headers: headers('text/html') }));
  await cache.put(
    AGENDA_API,
    new Response(JSON.stringify(data.agenda), { headers: headers('application/json') }),
  );
}

function pageDataIn(html) {
  try {
    return JSON.parse(PAGE_DATA.exec(html)?.[1] ?? 'null');
  } catch {
    return null;
  }
}

/**
 * A new build's files replace the old ones, which the kept page loads: it is drawn again for the
 * fan still signed in, or dropped.
 */
async function redrawAgendaPage() {
  const cache = await currentFanCache();
  if (!(await cache?.delete(AGENDA_PAGE))) return;
  const response = await fetch(AGENDA_PAGE, { redirect: 'manual' }).catch(() => undefined);
  if (response) await keepAgendaPage(response);
}

/** The cache of the fan signed in now, the others deleted. */
async function fanCacheFor(userId) {
  await forgetFansBut(FAN_PREFIX + userId);
  return caches.open(FAN_PREFIX + userId);
}

async function forgetFansBut(keep) {
  const names = await caches.keys();
  const others = names.filter((name) => name.startsWith(FAN_PREFIX) && name !== keep);
  await Promise.all(others.map((name) => caches.delete(name)));
}

/** There is at most one: the fan last signed in here. */
async function currentFanCache() {
  const name = (await caches.keys()).find((key) => key.startsWith(FAN_PREFIX));
  return name && caches.open(name);
}
