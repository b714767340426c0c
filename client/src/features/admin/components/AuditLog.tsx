// The audit log: every admin action, most recent first, with what it changed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminKeys } from '../keys';
import { listAudit } from '../manage-api';
import { ListState } from './ListState';
import { Pager } from './Pager';

const when = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Madrid',
});

export function AuditLog() {
  const id = useId();
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) => listAudit(page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Registro de cambios</h2>
      <ListState
        query={log}
        isEmpty={log.data?.items.length === 0}
        empty="Todavía no hay acciones registradas."
      />
      <ol className="admin-rows" aria-label="Acciones de administración">
        {log.data?.items.map((entry) => (
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
        ))}
      </ol>
      <Pager label="Páginas del registro" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
