import { useState } from 'react';
import { StatusRegion, type StatusMessage } from '@/components/FormStatus';
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

  async function share() {
    try {
      await navigator.share({ title, text, url });
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setMessage({
        kind: 'error',
        text: 'No se ha podido compartir. Copia la dirección de la página.',
      });
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ kind: 'success', text: 'Enlace copiado.' });
    } catch {
      setMessage({ kind: 'error', text: `No se ha podido copiar. El enlace es ${url}` });
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
        Compartir por WhatsApp
      </a>
      {native ? (
        <button type="button" className="button button--secondary" onClick={() => void share()}>
          Compartir
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          Copiar enlace
        </button>
      )}
      <StatusRegion message={message} />
    </div>
  );
}
