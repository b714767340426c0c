export interface StatusMessage {
  kind: 'success' | 'error';
  text: string;
  detail?: string;
}

/** A live region that is always in the page, so screen readers hear each new result. */
export function FormStatus({ message }: { message: StatusMessage | null }) {
  return (
    <div role="status" className="admin-status">
      {message && (
        <p className={`form-message form-message--${message.kind}`}>
          {message.text}
          {message.detail && <span className="admin-status__detail">{message.detail}</span>}
        </p>
      )}
    </div>
  );
}
