import { useEffect } from 'react';
import type { EarlyTapsWindow } from '@common/pages/early-taps';

const early = () => window as Window & EarlyTapsWindow;

/**
 * Called just before React takes the page (hydrateRoot or createRoot): from then on React answers
 * presses itself (a press on a part still hydrating is replayed by React), so the inline script of
 * `@common/pages/early-taps` stops holding them back.
 */
export function stopKeepingEarlyTaps(): void {
  early().__earlyTapsOff = true;
}

/**
 * Rendered after the page, inside its Suspense boundary: once the page has hydrated, the presses
 * held back before the app took over are made again, in order, on the elements still shown.
 */
export function EarlyTapsReplay() {
  useEffect(() => {
    const taps = early().__earlyTaps ?? [];
    early().__earlyTaps = [];
    for (const tap of taps) {
      if (!tap.isConnected) continue;
      if (tap instanceof HTMLFormElement) tap.requestSubmit();
      else if (tap instanceof HTMLElement) tap.click();
    }
  }, []);
  return null;
}
