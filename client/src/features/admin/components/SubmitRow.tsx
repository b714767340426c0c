import { StatusRegion, type StatusMessage } from '../../../components/FormStatus';

interface SubmitRowProps {
  sending: boolean;
  /** The button's text ('Crear banda'), and while the form is sent ('Creando...'). */
  idle: string;
  busy: string;
  message: StatusMessage | null;
}

/** An admin form's submit button and, below it, the live region with the form's result. */
export function SubmitRow({ sending, idle, busy, message }: SubmitRowProps) {
  return (
    <>
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? busy : idle}
      </button>
      <StatusRegion message={message} />
    </>
  );
}
