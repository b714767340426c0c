import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api';
import { runAction } from '../api';
import { StatusRegion, type StatusMessage } from '../../../components/FormStatus';

const UNKNOWN = 'Error desconocido';

/** Runs an admin action endpoint and turns its reply into a message for the section. */
export function useAdminAction(failure: string) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<StatusMessage | null>(null);

  async function run(path: string, body?: unknown) {
    setBusy(true);
    setMessage(null);
    try {
      const text = await runAction(path, body);
      setMessage(
        text === undefined
          ? { kind: 'error', text: failure, detail: UNKNOWN }
          : { kind: 'success', text },
      );
    } catch (error) {
      // A reply that is not JSON has no reason to show: 'Error desconocido'.
      const detail =
        error instanceof ApiError && error.code !== 'UNKNOWN_ERROR' ? error.message : UNKNOWN;
      setMessage({ kind: 'error', text: failure, detail });
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, run };
}

interface ActionSectionProps {
  title: string;
  path: string;
  buttonLabel: string;
  failure: string;
  children?: ReactNode;
}

/** One 'Generar …' block: a button calling the action endpoint and its answer. */
export function ActionSection({ title, path, buttonLabel, failure, children }: ActionSectionProps) {
  const id = useId();
  const { busy, message, run } = useAdminAction(failure);
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      <button
        type="button"
        className="button button--primary"
        onClick={() => void run(path)}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Trabajando...' : buttonLabel}
      </button>
      <StatusRegion message={message} />
    </section>
  );
}
