import { useMutation } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { isEmail } from '@common/text/limits';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { TextField } from '@/components/TextField';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { useField } from '@/lib/useField';
import { requestRecovery } from './queries';
import './AccountForms.css';

export function RecoverPage() {
  const id = useId();
  const t = useText();
  const errorText = useErrorText();
  const email = useField(`${id}-email`);
  const recover = useMutation({ mutationFn: requestRecovery });
  const sending = recover.isPending;
  const canSend = isEmail(email.value) && !sending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSend) return;
    recover.mutate(email.value.trim());
  }

  return (
    <StaticPage title={t('auth.recover.title')}>
      <p>{t('auth.recover.intro')}</p>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <TextField {...email} label={t('auth.email')} type="email" autoComplete="email" required />
        <button type="submit" className="button button--primary" disabled={!canSend}>
          {t(sending ? 'verify.sending' : 'auth.recover.send')}
        </button>
      </form>
      {recover.isSuccess && <FormStatus kind="success">{recover.data.message}</FormStatus>}
      {recover.isError && (
        <FormStatus kind="error">
          {t('auth.recover.failed', { message: errorText(recover.error, 'auth.unexpected') })}
        </FormStatus>
      )}
    </StaticPage>
  );
}
