// The audit log: every admin action, most recent first, with what it changed.
import { TitledSection } from '@/components/TitledSection';
import { adminKeys } from '../keys';
import { listAudit } from '../manage-api';
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
        {(entry) => (
          <li key={entry.id} className="admin-row">
            <p className="admin-row__title">
              {when.format(new Date(entry.at))} · {entry.actor} · {entry.action}
              {entry.entityId ? ` #${entry.entityId}` : ''}
            </p>
            <details>
              <summary>Antes y después</summary>
              <pre className="admin-json">
                {JSON.stringify({ antes: entry.before, despues: entry.after }, null, 2)}
              </pre>
            </details>
          </li>
        )}
      </PagedList>
    </TitledSection>
  );
}
