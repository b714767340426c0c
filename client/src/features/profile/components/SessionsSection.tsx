// 'Sesiones activas': the browsers signed in to this account, each with a button to end it, and
// one to end all but this one (GET/DELETE /api/profile/sessions).
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SessionDto } from '@common/profile/types';
import { profileKeys } from '../shared/keys';
import { calendarKeys, endOtherSessions, endSession, useSessions } from '../shared/queries';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { INTL_LOCALES } from '@common/format/locale';
import { useLocale, useRichText, useText } from '@/i18n/IntlContext';
import { useErrorText } from '@/i18n/useErrorText';
import './SessionsSection.css';

/** '26 nov 2026, 21:05' in the page's language, Madrid time. */
function useInstantFormat(): (iso: string) => string {
  const locale = useLocale();
  const format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  });
  return (iso) => format.format(new Date(iso));
}

function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: SessionDto;
  busy: boolean;
  onEnd: (session: SessionDto) => void;
}) {
  const t = useText();
  const rich = useRichText();
  const formatInstant = useInstantFormat();
  const signedIn = formatInstant(session.signedInAt);
  return (
    <li className="session-row">
      <div className="session-row__text">
        <p className="session-row__device">
          {session.device}
          {session.current && <span className="session-row__badge">{t('sessions.current')}</span>}
        </p>
        <p className="profile-hint">
          {rich('sessions.times', {
            signedIn,
            lastActive: session.current ? t('sessions.now') : formatInstant(session.lastActiveAt),
            br: () => <br />,
          })}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('sessions.endLabel', { device: session.device, signedIn })}
          disabled={busy}
          onClick={() => onEnd(session)}
        >
          {t('sessions.end')}
        </button>
      )}
    </li>
  );
}

export function SessionsSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useSessions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const t = useText();
  const errorText = useErrorText();

  async function run(action: () => Promise<void>, success: string, failure: string) {
    setBusy(true);
    setError('');
    setDone('');
    try {
      await action();
      setDone(success);
    } catch (caught) {
      const message = errorText(caught, 'layout.unexpected');
      setError(t('sessions.failure', { failure, message }));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
      // Closing the other sessions also revokes the private calendar link.
      void queryClient.invalidateQueries({ queryKey: calendarKeys.feed() });
    }
  }

  const others = data?.sessions.filter((session) => !session.current) ?? [];

  return (
    <section className="profile-section" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{t('sessions.title')}</h2>
      {isPending ? (
        <Loading className="profile-loading">{t('sessions.loading')}</Loading>
      ) : isError ? (
        <FormStatus kind="error">{t('sessions.loadFailed')}</FormStatus>
      ) : (
        <>
          <ul className="session-list" aria-labelledby={`${id}-title`}>
            {data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy}
                onEnd={(target) =>
                  void run(
                    () => endSession(target.id),
                    t('sessions.ended'),
                    t('sessions.endFailed'),
                  )
                }
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="profile-empty">{t('sessions.none')}</p>
          ) : (
            <div className="profile-actions">
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() =>
                  void run(endOtherSessions, t('sessions.othersEnded'), t('sessions.othersFailed'))
                }
              >
                {t('sessions.endOthers')}
              </button>
            </div>
          )}
        </>
      )}
      <StatusRegion message={done ? { kind: 'success', text: done } : null} />
      {error && <FormStatus kind="error">{error}</FormStatus>}
    </section>
  );
}
