import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { isEmail } from '@common/text/limits';
import { FormStatus } from '@/components/FormStatus';
import { StaticPage } from '@/components/StaticPage';
import { TextField } from '@/components/TextField';
import { useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import { formText } from '@/lib/formText';
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
  const [problem, setProblem] = useState('');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const typed = formText(event.currentTarget, 'email').trim();
    email.onValueChange(typed);
    setProblem(isEmail(typed) ? '' : t('error.email.invalid'));
    if (isEmail(typed)) recover.mutate(typed);
  }

  return (
    <StaticPage title={t('auth.recover.title')}>
      <p>{t('auth.recover.intro')}</p>
      <form className="account-form" method="post" onSubmit={handleSubmit} noValidate>
        <TextField
          {...email}
          name="email"
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
        />
        <button type="submit" className="button button--primary" disabled={sending}>
          {t(sending ? 'verify.sending' : 'auth.recover.send')}
        </button>
      </form>
      {problem && <FormStatus kind="error">{problem}</FormStatus>}
      {recover.isSuccess && <FormStatus kind="success">{recover.data.message}</FormStatus>}
      {recover.isError && (
        <FormStatus kind="error">
          {t('auth.recover.failed', { message: errorText(recover.error, 'auth.unexpected') })}
        </FormStatus>
      )}
    </StaticPage>
  );
}
