// The band list of /admin: search, edit every field, merge into another band (picked by name),
// delete when no concert uses it.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBandDto } from '@common/admin-rules';
import { foldName } from '@common/fold';
import { StatusRegion } from '@/components/FormStatus';
import { TextField } from '@/components/TextField';
import { adminKeys } from '../keys';
import { deleteBand, listBands, mergeBand } from '../manage-api';
import { latestMessage, useAdminMutation } from '../useAdminMutation';
import { useDebounced } from '../useDebounced';
import { usePagedQuery } from '../usePagedQuery';
import { BandEditor } from './BandEditor';
import { PagedList } from './PagedList';
import { EditToggle, RowButton } from './RowActions';

function BandRow({ band }: { band: AdminBandDto }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [into, setInto] = useState('');
  const intoQuery = useDebounced(into, 250);
  const candidates = useQuery({
    queryKey: adminKeys.bandList(intoQuery, 1),
    queryFn: ({ signal }) => listBands(intoQuery, 1, signal),
    enabled: intoQuery.trim().length >= 2,
  });
  const target = candidates.data?.items.find(
    (other) => other.id !== band.id && foldName(other.name) === foldName(into.trim()),
  );
  const merge = useAdminMutation({
    mutationFn: (intoId: number) => mergeBand(band.id, intoId),
    failure: 'Error al fusionar: ',
    success: 'Bandas fusionadas.',
  });
  const remove = useAdminMutation({
    mutationFn: deleteBand,
    failure: 'Error al borrar: ',
    success: 'Banda borrada.',
  });

  return (
    <li className="admin-row" aria-label={band.name}>
      <p className="admin-row__title">
        {band.name} <span className="admin-hint">· {band.concertCount} conciertos</span>
      </p>
      <div className="admin-grid">
        <TextField
          id={`${id}-into`}
          label="Fusionar con (nombre de la banda que se queda)"
          list={`${id}-into-list`}
          autoComplete="off"
          value={into}
          onValueChange={setInto}
        >
          <datalist id={`${id}-into-list`}>
            {candidates.data?.items
              .filter((other) => other.id !== band.id)
              .map((other) => (
                <option key={other.id} value={other.name} />
              ))}
          </datalist>
        </TextField>
      </div>
      <div className="admin-row__actions">
        <EditToggle editing={editing} onToggle={() => setEditing((open) => !open)} />
        <RowButton
          disabled={merge.pending || !target}
          onClick={() => target && merge.run(target.id)}
        >
          Fusionar
        </RowButton>
        <RowButton
          disabled={remove.pending || band.concertCount > 0}
          onClick={() => remove.run(band.id)}
        >
          Borrar
        </RowButton>
      </div>
      <StatusRegion message={latestMessage(merge, remove)} />
      {editing && <BandEditor band={band} />}
    </li>
  );
}

export function BandsManager() {
  const id = useId();
  const bands = usePagedQuery({
    start: { q: '' },
    queryKey: ({ q }, page) => adminKeys.bandList(q, page),
    queryFn: ({ q }, page, signal) => listBands(q, page, signal),
  });
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Bandas</h2>
      <PagedList
        paged={bands}
        searchLabel="Buscar bandas"
        label="Lista de bandas"
        empty="Ninguna banda coincide con la búsqueda."
        pagesLabel="Páginas de bandas"
      >
        {(band) => <BandRow key={band.id} band={band} />}
      </PagedList>
    </section>
  );
}
