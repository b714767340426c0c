import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { FormStatus } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { StaticPage } from '@/components/StaticPage';
import { useText } from '@/i18n/IntlContext';
import { ApiError } from '@/lib/api';
import { isMailList, unsubscribe, type MailList } from './queries';

/**
 * The unsubscribe link of a mail: the weekly mail, the artist alerts, the change notices or the
 * reminders, each stopped on its own. Opening it does nothing by itself (mail scanners open
 * links); the person confirms with a button.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = params.get('token') ?? '';
  const expires = params.get('expires') ?? undefined;
  // Each list its page's texts, `unsubscribe.<list>.*`.
  const asked = params.get('list');
  const list: MailList = isMailList(asked) ? asked : 'weekly';
  const t = useText();
  const mutation = useMutation({
    mutationFn: unsubscribe,
    onError: (error) => console.error('No se ha podido procesar la baja', error),
  });

  let content;
  if (!userId || !token) {
    content = <FormStatus kind="error">{t('unsubscribe.invalid')}</FormStatus>;
  } else if (mutation.isSuccess) {
    content = <FormStatus kind="success">{t(`unsubscribe.${list}.done`)}</FormStatus>;
  } else {
    const error = mutation.error;
    const invalid = error instanceof ApiError && error.status === 400;
    const expired = error instanceof ApiError && error.code === 'expired_link';
    content = (
      <>
        {!invalid && (
          <>
            <p>{t(`unsubscribe.${list}.explanation`)}</p>
            <button
              type="button"
              className="button button--primary"
              disabled={mutation.isPending}
              onClick={() =>
                mutation.mutate({ userId, token, list, ...(expires ? { expires } : {}) })
              }
            >
              {t(mutation.isPending ? 'unsubscribe.pending' : 'weekly.unsubscribe')}
            </button>
          </>
        )}
        {mutation.isPending && <Loading>{t('unsubscribe.loading')}</Loading>}
        {error && (
          <FormStatus kind="error">
            {t(
              expired
                ? 'unsubscribe.expired'
                : invalid
                  ? 'unsubscribe.invalid'
                  : 'unsubscribe.failed',
            )}
          </FormStatus>
        )}
      </>
    );
  }

  return (
    <StaticPage title={t(`unsubscribe.${list}.title`)}>
      {content}
      <p>
        <Link to="/">{t('onboarding.backHome')}</Link>
      </p>
    </StaticPage>
  );
}
