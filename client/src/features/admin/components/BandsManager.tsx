// The band list of /admin: search, edit every field, merge into another band (picked by name),
// delete when no concert uses it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminBandDto } from '../../../../../common/admin-rules';
import { foldName } from '../../../../../common/fold';
import { StatusRegion } from '../../../components/FormStatus';
import { TextField } from '../../../components/TextField';
import { adminKeys } from '../keys';
import { deleteBand, listBands, mergeBand } from '../manage-api';
import { useDebounced } from '../useDebounced';
import { useManageAction } from '../useManageAction';
import { BandEditor } from './BandEditor';
import { ListState } from './ListState';
import { Pager } from './Pager';
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
  const merge = useManageAction(
    (intoId: number) => mergeBand(band.id, intoId),
    'Bandas fusionadas.',
    'Error al fusionar: ',
  );
  const remove = useManageAction(deleteBand, 'Banda borrada.', 'Error al borrar: ');

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
      <StatusRegion message={merge.message ?? remove.message} />
      {editing && <BandEditor band={band} />}
    </li>
  );
}

export function BandsManager() {
  const id = useId();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q, 250);
  const list = useQuery({
    queryKey: adminKeys.bandList(query, page),
    queryFn: ({ signal }) => listBands(query, page, signal),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Bandas</h2>
      <TextField
        id={`${id}-q`}
        label="Buscar bandas"
        type="search"
        value={q}
        onValueChange={(value) => {
          setQ(value);
          setPage(1);
        }}
      />
      <ListState
        query={list}
        isEmpty={list.data?.items.length === 0}
        empty="Ninguna banda coincide con la búsqueda."
      />
      <ul className="admin-rows" aria-label="Lista de bandas">
        {list.data?.items.map((band) => (
          <BandRow key={band.id} band={band} />
        ))}
      </ul>
      <Pager label="Páginas de bandas" page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
