import { useSyncExternalStore } from 'react';
import { useText } from '@/i18n/IntlContext';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The service worker marks the copy of the page it serves without a network. */
const isOldCopy = () =>
  !navigator.onLine || document.querySelector('meta[name="offline-copy"]') !== null;

/**
 * Over the fan's agenda when it may be old: the browser is offline, or the page is the copy the
 * service worker kept. After hydration (the server's snapshot is false), as only the browser knows.
 */
export function OfflineNote() {
  const old = useSyncExternalStore(subscribe, isOldCopy, () => false);
  const t = useText();
  if (!old) return null;
  return (
    <p className="offline-note" role="status">
      {t('agenda.offline')}
    </p>
  );
}
