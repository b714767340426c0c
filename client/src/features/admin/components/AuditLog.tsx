// The audit log: every admin action, most recent first, said in words with a link to what it
// changed (never a raw id), and the row before and after for the curious.
import { Link } from 'react-router';
import type { AdminAuditDto } from '@common/admin-rules';
import { TitledSection } from '@/components/TitledSection';
import { adminKeys } from '../keys';
import { listAudit } from '../manage-api';
import { ADMIN_PATHS, concertAdminPath } from '../paths';
import { usePagedQuery } from '../usePagedQuery';
import { PagedList } from './PagedList';

const when = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

const LIST_TEXTS = {
  label: 'Acciones de administración',
  empty: 'Todavía no hay acciones registradas.',
  pagesLabel: 'Páginas del registro',
};

const ACTIONS: Record<string, string> = {
  'concert.create': 'Concierto creado',
  'concert.update': 'Concierto editado',
  'concert.cancel': 'Concierto cancelado',
  'concert.restore': 'Concierto reactivado',
  'concert.duplicate': 'Concierto duplicado',
  'concert.delete': 'Concierto borrado',
  'concert.link_band': 'Banda vinculada',
  'concert.unlink_band': 'Banda desvinculada',
  'band.update': 'Banda editada',
  'band.merge': 'Bandas fusionadas',
  'band.delete': 'Banda borrada',
  'venue.create': 'Sala creada',
  'venue.update': 'Sala editada',
  'venue.delete': 'Sala borrada',
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
  const subject = subjectOf(entry);
  const place = placeOf(entry, subject);
  return (
    <li className="admin-row">
      <p className="admin-row__title">
        {when.format(new Date(entry.at))} · {entry.actor} · {ACTIONS[entry.action] ?? entry.action}
        {(subject || place) && ' · '}
        {place ? <Link to={place}>{subject || 'Abrir'}</Link> : subject}
      </p>
      <details>
        <summary>Antes y después</summary>
        <pre className="admin-json">
          {JSON.stringify({ antes: entry.before, despues: entry.after }, null, 2)}
        </pre>
      </details>
    </li>
  );
}

export function AuditLog() {
  // The log has no search: its only filter stays empty.
  const log = usePagedQuery({
    start: { q: '' },
    queryKey: (_filters, page) => adminKeys.audit(page),
    queryFn: (_filters, page, signal) => listAudit(page, signal),
  });
  return (
    <TitledSection className="admin-card" title="Registro de cambios">
      <PagedList paged={log} {...LIST_TEXTS} ordered>
        {(entry) => <AuditEntry key={entry.id} entry={entry} />}
      </PagedList>
    </TitledSection>
  );
}
