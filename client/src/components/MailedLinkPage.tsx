import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MessageResponse } from '@common/api/types';
import { ApiError } from '@/lib/api';
import { useFragmentToken } from '@/lib/useFragmentToken';
import { FormStatus } from './FormStatus';
import { Loading } from './Loading';
import { StaticPage } from './StaticPage';

interface MailedLinkPageProps<Answer extends MessageResponse> {
  title: string;
  /** Sends the link's token; its answer's message is shown on success. */
  confirm: (token: string) => Promise<Answer>;
  onConfirmed?: () => void;
  /** What the button does, above it. */
  intro: string;
  button: { label: string; pending: string; loading: string };
  /** For a missing, used-up or expired link, with what to do instead. */
  invalid: { text: string; hint: ReactNode };
  failed: string;
  /** Where to go once confirmed (it may depend on the answer). */
  next: ReactNode | ((answer: Answer) => ReactNode);
}

/**
 * The page a mailed link opens (its token in the fragment). Opening it does nothing by itself:
 * mail scanners open links, some running their scripts, so the person confirms with a button.
 */
export function MailedLinkPage<Answer extends MessageResponse>(props: MailedLinkPageProps<Answer>) {
  const { title, intro, button, invalid, failed } = props;
  const token = useFragmentToken();
  const mutation = useMutation({ mutationFn: props.confirm, onSuccess: props.onConfirmed });

  if (token === undefined) return <Loading />;
  if (!token) {
    return (
      <StaticPage title={title}>
        <FormStatus kind="error">{invalid.text}</FormStatus>
        {invalid.hint}
      </StaticPage>
    );
  }
  if (mutation.isSuccess) {
    return (
      <StaticPage title={title}>
        <FormStatus kind="success">{mutation.data.message}</FormStatus>
        {typeof props.next === 'function' ? props.next(mutation.data) : props.next}
      </StaticPage>
    );
  }

  const error = mutation.error;
  // A used-up, expired or unknown link cannot work on a second try: no button then.
  const unusable = error instanceof ApiError && error.status === 400;
  const message = error instanceof ApiError && error.status === 429 ? error.message : failed;
  return (
    <StaticPage title={title}>
      {!unusable && (
        <>
          <p>{intro}</p>
          <button
            type="button"
            className="button button--primary"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(token)}
          >
            {mutation.isPending ? button.pending : button.label}
          </button>
        </>
      )}
      {mutation.isPending && <Loading>{button.loading}</Loading>}
      {error && (
        <>
          <FormStatus kind="error">{unusable ? invalid.text : message}</FormStatus>
          {unusable && invalid.hint}
        </>
      )}
    </StaticPage>
  );
}
