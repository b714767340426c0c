import { Link } from 'react-router-dom';
import { StaticPage } from '../../components/StaticPage';

interface ComingSoonPageProps {
  title: string;
}

/** Honest stand-in for a route whose feature arrives in a later issue. */
export function ComingSoonPage({ title }: ComingSoonPageProps) {
  return (
    <StaticPage title={title}>
      <p>Esta sección estará disponible muy pronto.</p>
      <p>
        <Link to="/">Volver a la portada</Link>
      </p>
    </StaticPage>
  );
}
