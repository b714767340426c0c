// Every page's one inline script, in its <head> (server/ssr/spa.ts), allowed by its hash in the
// CSP (server/security/security-headers.ts): the early taps' keeper, then the start of Intl.
import { EARLY_TAPS_SCRIPT } from './early-taps.js';

/**
 * A page's first Intl call starts the browser's ICU (30-60 ms on this machine, unthrottled),
 * and react-intl makes it before hydration. On a 0 ms timer it runs once the HTML is parsed, while
 * the page still waits for its stylesheet and scripts (docs/decisions/0031).
 */
const START_INTL =
  "setTimeout(function(){try{Intl.NumberFormat.supportedLocalesOf('es')}catch(e){}},0)";

export const HEAD_SCRIPT = `${EARLY_TAPS_SCRIPT};${START_INTL}`;
