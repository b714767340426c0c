import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TitledSection } from '@/components/TitledSection';
import { ListState } from '../components/ListState';
import { SourcesParts } from '../components/SourcesParts';
import { useAdminFormats } from '../shared/format';
import { concertAdminPath } from '../shared/paths';
import { adminKeys, listMissing } from '../shared/queries';
import { useAdminText } from '../shared/texts';
import { useSectionTitle } from './useSectionTitle';

/**
 * /admin/fuentes/desaparecidos: upcoming imported concerts their source no longer lists, each
 * opening its page in the concert admin (to edit or cancel it), the soonest first.
 */
export function MissingSection() {
  useSectionTitle('admin.missing.title');
  const t = useAdminText();
  const formats = useAdminFormats();
  const missing = useQuery({
    queryKey: adminKeys.missing(),
    queryFn: ({ signal }) => listMissing(signal),
  });
  const items = missing.data?.items;
  return (
    <>
      <SourcesParts />
      <TitledSection className="admin-card" title={t('admin.missing.title')}>
        <p className="admin-hint">{t('admin.missing.hint')}</p>
        <ListState query={missing} isEmpty={items?.length === 0} empty={t('admin.missing.empty')} />
        {items && items.length > 0 && (
          <ul className="admin-rows" aria-label={t('admin.missing.label')}>
            {items.map((item) => (
              <li key={item.concertId} className="admin-row">
                <p className="admin-row__title">
                  {t('admin.missing.line', {
                    day: formats.day(item.day),
                    hour: item.hour,
                    name: item.name,
                    venue: item.venue,
                  })}
                  {item.cancelled && (
                    <span className="admin-badge"> {t('admin.concert.cancelled')}</span>
                  )}
                </p>
                <p className="admin-hint">
                  {t('admin.missing.since', {
                    source: item.sourceName,
                    moment: formats.shortMoment(item.missingSince),
                  })}
                </p>
                <Link to={concertAdminPath(item.concertId)}>{t('admin.missing.edit')}</Link>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>
    </>
  );
}
