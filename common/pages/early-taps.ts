// Presses that come before the app has taken over a server-rendered page. A small inline script
// in every page's <head> (server/ssr/html-shell.ts, allowed by its hash in the CSP) keeps a form's
// submit and a plain button's click from being lost while the JavaScript loads: it holds them
// back, and the app replays them once the page has hydrated (client/src/app/EarlyTaps.tsx).
// Links, <details> and anything else the browser does on its own are left alone.

/** What the script and the app share on `window`. */
export interface EarlyTapsWindow {
  /** Forms submitted and buttons pressed, in order, before the app took over. */
  __earlyTaps?: Element[];
  /** Set by the app just before React takes the page: from then on React answers presses. */
  __earlyTapsOff?: boolean;
}

// ES5, no arrow functions: it runs before anything else, in any browser the page is opened in.
export const EARLY_TAPS_SCRIPT =
  '(function(){var w=window,q=w.__earlyTaps=[];' +
  'function keep(e){if(w.__earlyTapsOff)return;var t=e.target;' +
  "if(e.type==='submit'){e.preventDefault();q.push(t);return}" +
  "var b=t&&t.closest?t.closest('button'):null;" +
  "if(b&&b.type!=='submit'&&!b.disabled){e.preventDefault();q.push(b)}}" +
  "document.addEventListener('submit',keep,true);" +
  "document.addEventListener('click',keep,true)})()";
