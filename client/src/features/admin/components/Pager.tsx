interface PagerProps {
  /** Names the navigation for screen readers ('Páginas de bandas'…). */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

/** Previous / next over a paged admin list, with where we are. */
export function Pager({ label, page, pages, onPage }: PagerProps) {
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
