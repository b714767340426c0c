// The concert list of /admin: search (bands, name, venue; accents and case ignored), filters,
// pages, and each concert's actions (edit, duplicate, cancel, delete).
import { useId } from 'react';
import { SelectField } from '@/components/SelectField';
import { TextField } from '@/components/TextField';
import { TitledSection } from '@/components/TitledSection';
import { GenreField } from '@/components/concert-fields/ConcertFieldset';
import { adminKeys, listConcerts, type ConcertFilters } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { usePagedQuery } from '../shared/usePagedQuery';
import { ConcertRow } from './ConcertRow';
import { PagedList, type ListTexts } from './PagedList';

const START: ConcertFilters = {
  q: '',
  when: 'upcoming',
  genre: '',
  from: '',
  to: '',
  withoutBands: false,
  withoutImage: false,
};

const LIST_TEXTS: ListTexts = {
  searchLabel: 'admin.concerts.search',
  searchPlaceholder: 'admin.concerts.searchPlaceholder',
  count: 'admin.concerts.count',
  label: 'admin.concerts.label',
  empty: 'admin.concerts.empty',
  pagesLabel: 'admin.concerts.pages',
};

export function ConcertsManager() {
  const t = useAdminText();
  const id = useId();
  const concerts = usePagedQuery({
    start: START,
    queryKey: (filters, page) => adminKeys.concertList({ ...filters, page }),
    queryFn: listConcerts,
  });
  const { filters, set } = concerts;
  const bind = (key: 'from' | 'to' | 'genre') => ({
    id: `${id}-${key}`,
    value: filters[key],
    onValueChange: set(key),
  });

  return (
    <TitledSection className="admin-card" title={t('admin.section.concerts')}>
      <PagedList
        paged={concerts}
        {...LIST_TEXTS}
        filters={
          <>
            <SelectField
              id={`${id}-when`}
              label={t('admin.concerts.when')}
              value={filters.when}
              onValueChange={(value) => set('when')(value as ConcertFilters['when'])}
            >
              <option value="upcoming">{t('admin.concerts.upcoming')}</option>
              <option value="past">{t('admin.concerts.past')}</option>
              <option value="all">{t('admin.concerts.all')}</option>
            </SelectField>
            <TextField {...bind('from')} label={t('admin.concerts.from')} type="date" />
            <TextField {...bind('to')} label={t('admin.concerts.to')} type="date" />
            <GenreField
              {...bind('genre')}
              label={t('admin.concerts.genre')}
              placeholder={t('admin.concerts.anyGenre')}
            />
            <div className="admin-genres">
              <Check
                label={t('admin.concerts.withoutBands')}
                checked={filters.withoutBands}
                onChange={set('withoutBands')}
              />
              <Check
                label={t('admin.concerts.withoutImage')}
                checked={filters.withoutImage}
                onChange={set('withoutImage')}
              />
            </div>
          </>
        }
      >
        {(concert) => <ConcertRow key={concert.id} concert={concert} />}
      </PagedList>
    </TitledSection>
  );
}

/** One yes/no filter of the list. */
function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="admin-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
