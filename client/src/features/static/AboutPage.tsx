import { Link } from 'react-router';
import { StaticPage } from '@/components/StaticPage';

export function AboutPage() {
  return (
    <StaticPage
      title="Quiénes somos"
      lead="Conciertos Mallorca es tu agenda personalizada de conciertos en la isla."
    >
      <h2>Qué hacemos</h2>
      <p>
        Cada semana hay decenas de conciertos en Mallorca: salas pequeñas, bares con música en
        directo, festivales y auditorios. Encontrar los que de verdad te van a gustar lleva tiempo.
        Nosotros reunimos los próximos conciertos de la isla en un solo sitio y los ordenamos según
        tu gusto.
      </p>

      <h2>Cómo funciona</h2>
      <ol>
        <li>Creas tu cuenta en un minuto.</li>
        <li>
          Nos cuentas qué géneros te gustan, cuáles no y qué artistas escuchas. Puedes cambiarlo
          cuando quieras desde tu perfil.
        </li>
        <li>
          Una inteligencia artificial compara cada concierto con tus gustos y le pone una nota de
          afinidad, de 🔥🔥🔥 (imprescindible para ti) a 😴 (mejor otro día), con una frase que
          explica el porqué.
        </li>
        <li>
          Marcas los conciertos que te gustan y nos dices si la recomendación ha acertado: así las
          siguientes son mejores.
        </li>
        <li>Si quieres, cada semana te enviamos por email una selección de conciertos para ti.</li>
      </ol>

      <h2>Para grupos y salas</h2>
      <p>
        Si tocas o programas música en directo en Mallorca, puedes añadir tus fechas con el enlace
        «Publica tus conciertos» de la portada. Es gratis.
      </p>

      <h2>Hablemos</h2>
      <p>
        ¿Ideas, errores o un concierto que falta? Escríbenos desde la página de{' '}
        <Link to="/contact">contacto</Link>.
      </p>
    </StaticPage>
  );
}
