import { useId } from 'react';
import { FormStatus } from '@/components/FormStatus';
import { ApiError } from '@/lib/api';
import { useGoingMutation } from '../queries';

const SIGN_IN = 'Inicia sesión para decir que vas';
const CLOSED = 'Este concierto se ha cancelado o ya ha pasado';
const SAVE_FAILED = 'No se ha podido guardar que vas. Inténtalo de nuevo.';

/** How many fans go, never who: '3 van' to the eye, '3 fans van' to a screen reader. */
export function GoingCount({ count, id }: { count: number; id?: string }) {
  return (
    <span id={id} className="going-count">
      <span aria-hidden="true">{count === 1 ? '1 va' : `${count} van`}</span>
      <span className="visually-hidden">{count === 1 ? '1 fan va' : `${count} fans van`}</span>
    </span>
  );
}

interface GoingButtonProps {
  concertId: number;
  going: boolean;
  goingCount: number;
  signedIn: boolean;
  /** Cancelled or past: one can only take a "Voy" back. */
  closed: boolean;
}

/** Optimistic "Voy" toggle; a click while the previous one is in flight is ignored. */
export function GoingButton({ concertId, going, goingCount, signedIn, closed }: GoingButtonProps) {
  const countId = useId();
  const mutation = useGoingMutation(concertId);
  const locked = closed && !going;

  function toggle() {
    if (!signedIn || locked || mutation.isPending) return;
    mutation.mutate(!going);
  }

  return (
    <>
      <button
        type="button"
        className={`pill like-button going-button${going ? ' going-button--on' : ''}`}
        aria-pressed={going}
        aria-label={signedIn ? 'Voy' : SIGN_IN}
        title={signedIn ? (locked ? CLOSED : undefined) : SIGN_IN}
        disabled={!signedIn || locked}
        aria-describedby={countId}
        aria-busy={mutation.isPending}
        onClick={toggle}
      >
        Voy
        <GoingCount id={countId} count={goingCount} />
      </button>
      {mutation.isError && (
        <FormStatus kind="error" className="going-button__error">
          {mutation.error instanceof ApiError ? mutation.error.message : SAVE_FAILED}
        </FormStatus>
      )}
    </>
  );
}
