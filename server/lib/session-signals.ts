// What the server tells the browser's service worker about the session (client/service-worker.js
// reads the same names): the offline copy of a fan's agenda lives only as long as the session
// that made it.

/** On a page drawn for a signed-in fan: when that session expires (ISO 8601). */
export const SESSION_EXPIRES_HEADER = 'X-Session-Expires';

/** On every 401 and on a sign-out: no live session here; a kept copy of the fan's data goes. */
export const SESSION_ENDED_HEADER = 'X-Session-Ended';
