// The audit log: every admin action, most recent first, said in words with a link to what it
// changed (never a raw id), and the row before and after for the curious.
import { Link } from 'react-router';
import type { AdminAuditDto } from '@common/admin/types';
import type { AdminMessageId } from '@common/i18n/catalogues';
import { TitledSection } from '@/components/TitledSection';
import { useAdminFormats } from '../shared/format';
import { ADMIN_PATHS, concertAdminPath } from '../shared/paths';
import { adminKeys, listAudit } from '../shared/queries';
import { useAdminRichText, useAdminText } from '../shared/texts';
import { usePagedQuery } from '../shared/usePagedQuery';
import { PagedList, type ListTexts } from './PagedList';

const LIST_TEXTS: ListTexts = {
  label: 'admin.audit.label',
  empty: 'admin.audit.empty',
  pagesLabel: 'admin.audit.pages',
};

const ACTIONS: Record<string, AdminMessageId> = {
  'concert.create': 'admin.audit.concert.create',
  'concert.update': 'admin.audit.concert.update',
  'concert.cancel': 'admin.audit.concert.cancel',
  'concert.restore': 'admin.audit.concert.restore',
  'concert.duplicate': 'admin.audit.concert.duplicate',
  'concert.delete': 'admin.audit.concert.delete',
  'concert.link_band': 'admin.audit.concert.link_band',
  'concert.unlink_band': 'admin.audit.concert.unlink_band',
  'band.update': 'admin.audit.band.update',
  'band.merge': 'admin.audit.band.merge',
  'band.delete': 'admin.audit.band.delete',
  'venue.create': 'admin.audit.venue.create',
  'venue.update': 'admin.audit.venue.update',
  'venue.delete': 'admin.audit.venue.delete',
};

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * What a logged row is about, by name: a concert's day and bands, a band's or a venue's name; a
 * merge logs the bands under `band`, `from` and `into`.
 */
function nameIn(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  if (text(row.day)) {
    const bands = Array.isArray(row.bands)
      ? row.bands.map((band) => nameIn(band)).filter(Boolean)
      : [];
    const who = bands.join(' + ') || text(row.bandname);
    return [text(row.day), who].filter(Boolean).join(' · ');
  }
  return text(row.name) ?? text(row.band_name) ?? nameIn(row.band) ?? nameIn(row.into);
}

const subjectOf = (entry: AdminAuditDto) => nameIn(entry.after) ?? nameIn(entry.before) ?? '';

/** Where the changed thing is handled now; nothing for what was deleted. */
function placeOf(entry: AdminAuditDto, subject: string): string | null {
  if (entry.action.endsWith('.delete') || entry.entityId === null) return null;
  if (entry.entity === 'concert') return concertAdminPath(Number(entry.entityId));
  const list = entry.entity === 'band' ? ADMIN_PATHS.bands : ADMIN_PATHS.venues;
  return subject ? `${list}?${new URLSearchParams({ q: subject })}` : list;
}

function AuditEntry({ entry }: { entry: AdminAuditDto }) {
  const t = useAdminText();
  const rich = useAdminRichText();
  const formats = useAdminFormats();
  const subject = subjectOf(entry);
  const place = placeOf(entry, subject);
  const action = ACTIONS[entry.action];
  const line = {
    when: formats.logged(entry.at),
    actor: entry.actor,
    action: action ? t(action) : entry.action,
  };
  return (
    <li className="admin-row">
      <p className="admin-row__title">
        {subject || place
          ? rich('admin.audit.entryAbout', {
              ...line,
              subject: place ? <Link to={place}>{subject || t('admin.audit.open')}</Link> : subject,
            })
          : t('admin.audit.entry', line)}
      </p>
      <details>
        <summary>{t('admin.audit.beforeAfter')}</summary>
        <pre className="admin-json">
          {JSON.stringify(
            { [t('admin.audit.before')]: entry.before, [t('admin.audit.after')]: entry.after },
            null,
            2,
          )}
        </pre>
      </details>
    </li>
  );
}

export function AuditLog() {
  const t = useAdminText();
  // The log has no search: its only filter stays empty.
  const log = usePagedQuery({
    start: { q: '' },
    queryKey: (_filters, page) => adminKeys.audit(page),
    queryFn: (_filters, page, signal) => listAudit(page, signal),
  });
  return (
    <TitledSection className="admin-card" title={t('admin.audit.title')}>
      <PagedList paged={log} {...LIST_TEXTS} ordered>
        {(entry) => <AuditEntry key={entry.id} entry={entry} />}
      </PagedList>
    </TitledSection>
  );
}
