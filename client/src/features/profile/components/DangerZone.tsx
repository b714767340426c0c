import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { setSessionUser } from '../../../lib/session';
import { deleteAccount } from '../queries';

const DELETED = 'Cuenta eliminada correctamente.';
const DELETE_FAILED = 'Ocurrió un problema al eliminar tu cuenta.';
/** Long enough to read the confirmation before landing on the home page. */
const GOODBYE_DELAY_MS = 1500;

type State = 'idle' | 'deleting' | 'deleted' | 'failed';

export function DangerZone() {
  const id = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<State>('idle');

  useEffect(() => {
    if (state !== 'deleted') return;
    const timer = window.setTimeout(() => {
      queryClient.clear();
      setSessionUser(queryClient, null);
      void navigate('/', { replace: true });
    }, GOODBYE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, queryClient, navigate]);

  function open() {
    setState('idle');
    dialogRef.current?.showModal();
    // The safe choice gets the focus first.
    cancelRef.current?.focus();
  }

  function close() {
    dialogRef.current?.close();
  }

  async function confirm() {
    setState('deleting');
    try {
      await deleteAccount();
      close();
      setState('deleted');
    } catch {
      setState('failed');
    }
  }

  return (
    <section className="profile-section danger-zone" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Zona de Peligro</h2>
      <button
        ref={openerRef}
        type="button"
        className="button button--danger"
        onClick={open}
        disabled={state === 'deleting' || state === 'deleted'}
      >
        Eliminar mi cuenta
      </button>
      {state === 'deleted' && (
        <p role="status" className="form-message form-message--success">
          {DELETED}
        </p>
      )}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-text`}
        onClose={() => openerRef.current?.focus()}
      >
        <h2 id={`${id}-dialog-title`}>¿Eliminar tu cuenta?</h2>
        <p id={`${id}-dialog-text`}>
          Esta acción no se puede deshacer: se borrarán tu cuenta, tus gustos y tus recomendaciones.
        </p>
        {state === 'failed' && (
          <p role="alert" className="form-message form-message--error">
            {DELETE_FAILED}
          </p>
        )}
        <div className="profile-actions">
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={state === 'deleting'}
          >
            Sí, eliminar mi cuenta
          </button>
          <button
            ref={cancelRef}
            type="button"
            className="button button--secondary"
            onClick={close}
          >
            Cancelar
          </button>
        </div>
      </dialog>
    </section>
  );
}
