import { useState } from 'react';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';
import { useHydrated } from '@/lib/hydration';

interface ShareActionsProps {
  /** The concert page on PUBLIC_URL. */
  url: string;
  title: string;
  /** The WhatsApp message (it already carries the URL). */
  text: string;
}

function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * WhatsApp always; the device's own share sheet where the browser has the Web Share API, and
 * "Copiar enlace" where it does not.
 */
export function ShareActions({ url, title, text }: ShareActionsProps) {
  const [message, setMessage] = useState<StatusMessage | null>(null);
  // The server cannot know the browser's: its HTML, and hydration, offer the copy.
  const native = useHydrated() && canShare();
  const t = useText();

  async function share() {
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setMessage({ kind: 'error', text: t('concert.shareFailed') });
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: 'success', text: t('concert.linkCopied') });
    } catch {
      setMessage({ kind: 'error', text: t('concert.copyFailed', { url }) });
    }
  }

  return (
    <div className="share-actions">
      <a
        className="button button--secondary"
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('concert.shareWhatsapp')}
      </a>
      {native ? (
        <button type="button" className="button button--secondary" onClick={() => void share()}>
          {t('concert.share')}
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {t('concert.copyLink')}
        </button>
      )}
      <StatusRegion message={message} />
    </div>
  );
}
