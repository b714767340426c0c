import { useMutation } from '@tanstack/react-query';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { useRichText, useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { sendVerificationEmail } from '../shared/queries';

/** Under an unverified address: what it means, and a button that mails the link again. */
export function EmailVerificationNotice() {
  const mutation = useMutation({ mutationFn: sendVerificationEmail });
  const error = mutation.error;
  const t = useText();
  const rich = useRichText();
  const errorText = useErrorText();
  return (
    <div className="email-verification">
      <p>
        {rich('verify.unverified', {
          b: (chunks) => <strong className="email-unverified">{chunks}</strong>,
        })}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
      >
        {t(mutation.isPending ? 'verify.sending' : 'verify.resend')}
      </button>
      <StatusRegion
        message={mutation.isSuccess ? { kind: 'success', text: mutation.data.message } : null}
      />
      {error && <FormStatus kind="error">{errorText(error, 'verify.failed')}</FormStatus>}
    </div>
  );
}
