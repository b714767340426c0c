import { Link } from 'react-router';
import { StaticPage } from '@/components/StaticPage';
import { CONTACT_EMAIL } from './contact';

export function TermsPage() {
  return (
    <StaticPage title="Términos de uso" lead="Las reglas del juego para usar Conciertos Mallorca.">
      <h2>El servicio</h2>
      <p>
        Conciertos Mallorca es una agenda gratuita de conciertos en Mallorca con recomendaciones
        personalizadas. Al crear una cuenta o usar la web aceptas estos términos y nuestra{' '}
        <Link to="/privacy">política de privacidad</Link>.
      </p>

      <h2>Tu cuenta</h2>
      <ul>
        <li>Los datos que nos das deben ser tuyos y ciertos.</li>
        <li>
          Eres responsable de guardar tu contraseña. Si crees que alguien ha entrado en tu cuenta,
          cámbiala y avísanos.
        </li>
        <li>Puedes eliminar tu cuenta cuando quieras desde tu perfil.</li>
      </ul>

      <h2>La información de los conciertos</h2>
      <p>
        Los conciertos los publican los propios grupos, salas y organizadores, o los recopilamos de
        fuentes públicas. Hacemos lo posible para que sean correctos, pero fechas, horarios, precios
        y carteles pueden cambiar o cancelarse. Antes de ir, confírmalo con el organizador o la
        sala. No vendemos entradas ni somos responsables de los eventos.
      </p>

      <h2>Las recomendaciones</h2>
      <p>
        La nota de afinidad y su explicación las genera automáticamente una inteligencia artificial
        a partir de tus gustos. Son sugerencias orientativas: a veces acertará de lleno y a veces
        no. Tu valoración con el pulgar nos ayuda a mejorarlas.
      </p>

      <h2>Uso correcto</h2>
      <p>
        No uses la web para publicar información falsa, suplantar a otros, enviar spam ni intentar
        acceder a datos o partes del servicio que no te corresponden. Podemos suspender las cuentas
        que lo hagan.
      </p>

      <h2>Publicar conciertos</h2>
      <p>
        Si publicas un concierto con el enlace «Publica tus conciertos», confirmas que tienes
        derecho a difundir esa información y las imágenes que nos envíes, y nos permites mostrarlas
        en la agenda y en nuestros emails.
      </p>

      <h2>Cambios</h2>
      <p>
        Podemos actualizar estos términos cuando cambie el servicio. Si el cambio es importante, te
        lo diremos por email o en la web.
      </p>

      <h2>Ley aplicable</h2>
      <p>
        Estos términos se rigen por la ley española. Para cualquier duda, escríbenos a{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </StaticPage>
  );
}
