import type { ReactNode } from 'react';

export type StatusKind = 'success' | 'error';

export interface StatusMessage {
  kind: StatusKind;
  text: string;
  detail?: string;
}

function messageClass(kind: StatusKind): string {
  return `form-message form-message--${kind}`;
}

/**
 * A form's outcome shown on its own: an error is an alert (read out at once), a success a
 * polite status. Every status paragraph of the client goes through here; `className` replaces
 * the default look where the background differs (the landing's dark hero).
 */
export function FormStatus({
  kind,
  className,
  children,
}: {
  kind: StatusKind;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={className ?? messageClass(kind)}>
      {children}
    </p>
  );
}

/**
 * A live region that is always in the page, so screen readers hear each new result of a form
 * that stays on screen. The message inside has no role of its own (the region announces it).
 */
export function StatusRegion({
  message,
  children,
}: {
  message?: StatusMessage | null;
  children?: ReactNode;
}) {
  return (
    <div role="status" className="status-region">
      {children}
      {message && (
        <p className={messageClass(message.kind)}>
          {message.text}
          {message.detail && <span className="form-message__detail">{message.detail}</span>}
        </p>
      )}
    </div>
  );
}
