import { useAdminText } from '../shared/texts';

interface PagerProps {
  /** Names the navigation for screen readers ('Páginas de bandas'…). */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous / next over a paged admin list, with where we are. */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  const t = useAdminText();
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.pager.previous')}
      </button>
      <span>{t('admin.pager.where', { page, pages })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.pager.next')}
      </button>
    </nav>
  );
}
