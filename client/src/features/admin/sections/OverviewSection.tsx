import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminOverviewResponse } from '@common/admin/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { TitledSection } from '@/components/TitledSection';
import { LastWeeklyMail } from '../components/LastWeeklyMail';
import { Loaded } from '../components/Loaded';
import { useAdminFormats } from '../shared/format';
import { ADMIN_PATHS } from '../shared/paths';
import { useOverview } from '../shared/queries';
import { useAdminRichText, useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

/** Where a failed background job is handled, by its queue. */
const QUEUE_PLACES: Record<string, { label: AdminMessageId; to: string }> = {
  'recommendations-all': { label: 'admin.overview.queue.recommendationsAll', to: ADMIN_PATHS.ai },
  'recommendations-user': { label: 'admin.overview.queue.recommendationsUser', to: ADMIN_PATHS.ai },
  'recommendations-group': {
    label: 'admin.overview.queue.recommendationsGroup',
    to: ADMIN_PATHS.ai,
  },
  'weekly-mail-send': { label: 'admin.overview.queue.weeklyMail', to: ADMIN_PATHS.weeklyMail },
  'concert-rescore': { label: 'admin.overview.queue.rescore', to: ADMIN_PATHS.concerts },
  'artist-alerts': { label: 'admin.overview.queue.artistAlerts', to: ADMIN_PATHS.concerts },
};

const concertsWhere = (filter: 'withoutBands' | 'withoutImage') =>
  `${ADMIN_PATHS.concerts}?${filter}=true`;

/** A part of a rich message that links somewhere. */
const linkTo = (to: string) => (chunks: ReactNode[]) => <Link to={to}>{chunks}</Link>;

function Stat({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li className="admin-stat">
      <h3>{title}</h3>
      {children}
    </li>
  );
}

function Overview({ overview }: { overview: AdminOverviewResponse }) {
  const t = useAdminText();
  const rich = useAdminRichText();
  const formats = useAdminFormats();
  const { concerts, fans, lastWeeklyMail: weekly, ai, failedJobs, sources, fediverse } = overview;
  const following = fediverse.followers.reduce((sum, actor) => sum + actor.count, 0);
  const mailCap = overview.submissionMailCap;
  const running = overview.runs.filter((run) => run.status === 'running').length;
  return (
    <ul className="admin-stats">
      <Stat title={t('admin.section.submissions')}>
        <Link to={ADMIN_PATHS.submissions}>
          {t('admin.overview.pending', { count: overview.submissionsPending })}
        </Link>
        {mailCap.refusedLast24h > 0 && mailCap.lastRefusedAt && (
          <p className="admin-hint" role="status">
            {t('admin.overview.mailCap', {
              perHour: mailCap.perHour,
              refused: mailCap.refusedLast24h,
              moment: formats.moment(mailCap.lastRefusedAt),
            })}
          </p>
        )}
      </Stat>
      <Stat title={t('admin.overview.sourcesTitle')}>
        <p>
          <Link to={ADMIN_PATHS.waiting}>
            {t('admin.overview.sourcesWaiting', { count: sources.waiting })}
          </Link>
        </p>
        <p className={sources.failing > 0 ? undefined : 'admin-hint'}>
          {t('admin.overview.sourcesTrouble', {
            failing: sources.failing,
            paused: sources.paused,
          })}
        </p>
        <Link to={ADMIN_PATHS.sources}>{t('admin.overview.toSources')}</Link>
      </Stat>
      <Stat title={t('admin.overview.fediverseTitle')}>
        {fediverse.enabled ? (
          <>
            <p>{t('admin.overview.fediverseFollowers', { count: following })}</p>
            {fediverse.followers.length > 0 && (
              <ul className="admin-hint">
                {fediverse.followers.map((actor) => (
                  <li key={actor.actor}>{t('admin.overview.fediverseActor', { ...actor })}</li>
                ))}
              </ul>
            )}
            <p className={fediverse.failedDeliveries > 0 ? undefined : 'admin-hint'}>
              {t('admin.overview.fediverseFailures', {
                failed: fediverse.failedDeliveries,
                inboxes: fediverse.failingInboxes,
              })}
            </p>
          </>
        ) : (
          <p className="admin-hint">{t('admin.overview.fediverseOff')}</p>
        )}
      </Stat>
      <Stat title={t('admin.overview.upcomingTitle')}>
        <p>
          <Link to={ADMIN_PATHS.concerts}>
            {t('admin.overview.upcoming', { count: concerts.upcoming })}
          </Link>
        </p>
        <p>
          {rich('admin.overview.gaps', {
            withoutBands: concerts.withoutBands,
            withoutImage: concerts.withoutImage,
            bands: linkTo(concertsWhere('withoutBands')),
            image: linkTo(concertsWhere('withoutImage')),
          })}
        </p>
      </Stat>
      <Stat title={t('admin.overview.fansTitle')}>
        <p>{t('admin.overview.fans', { count: fans.total })}</p>
        <p className="admin-hint">
          {t('admin.overview.fansHint', {
            verified: fans.verified,
            subscribers: fans.weeklySubscribers,
          })}
        </p>
      </Stat>
      <Stat title={t('admin.overview.weeklyTitle')}>
        <LastWeeklyMail weekly={weekly} />
        <Link to={ADMIN_PATHS.weeklyMail}>{t('admin.overview.toWeekly')}</Link>
      </Stat>
      <Stat title={t('admin.overview.aiTitle')}>
        <p>
          {ai.configured
            ? t('admin.overview.aiCalls', { calls: ai.callsToday, limit: ai.dailyLimit })
            : t('admin.overview.noAi')}
        </p>
        <p className="admin-hint">
          {running > 0 ? t('admin.overview.running', { count: running }) : ''}
        </p>
        <Link to={ADMIN_PATHS.ai}>{t('admin.overview.toAi')}</Link>
      </Stat>
      <Stat title={t('admin.overview.failedTitle')}>
        {failedJobs.length === 0 ? (
          <p>{t('admin.overview.noFailures')}</p>
        ) : (
          <ul>
            {failedJobs.map((job) => {
              const place = QUEUE_PLACES[job.queue];
              return (
                <li key={job.queue}>
                  {rich('admin.overview.failedJob', {
                    place: place ? <Link to={place.to}>{t(place.label)}</Link> : job.queue,
                    count: job.count,
                  })}
                </li>
              );
            })}
          </ul>
        )}
      </Stat>
    </ul>
  );
}

/** /admin: what needs the admin today, each with a link to where it is handled. */
export function OverviewSection() {
  useSectionTitle('admin.section.overview');
  const t = useAdminText();
  const overview = useOverview();
  return (
    <TitledSection className="admin-card" title={t('admin.overview.title')}>
      <Loaded query={overview} failure={t('admin.overview.loadFailed')}>
        {(loaded) => <Overview overview={loaded} />}
      </Loaded>
    </TitledSection>
  );
}
