import { StaticPage } from '@/components/StaticPage';
import { CONTACT_EMAIL } from './contact';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Política de privacidad"
      lead="Qué datos guardamos, para qué los usamos y cómo puedes borrarlos."
    >
      <h2>Quién es el responsable</h2>
      <p>
        El responsable del tratamiento de tus datos es Conciertos Mallorca. Para cualquier cuestión
        sobre privacidad puedes escribirnos a{' '}
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>

      <h2>Qué datos guardamos</h2>
      <ul>
        <li>
          <strong>Datos de tu cuenta:</strong> tu email y tu nombre. Si te registras con email,
          guardamos tu contraseña cifrada (nunca en texto claro). Si accedes con Google o Spotify,
          recibimos de ese servicio tu email, tu nombre y un identificador de la cuenta.
        </li>
        <li>
          <strong>Tus gustos musicales:</strong> los géneros que te gustan, los que no te gustan y
          tus artistas favoritos.
        </li>
        <li>
          <strong>Tu actividad en la agenda:</strong> los conciertos a los que das like y tu
          valoración de cada recomendación (pulgar arriba o abajo).
        </li>
        <li>
          <strong>Las recomendaciones:</strong> la nota de afinidad y la explicación que calculamos
          para ti en cada concierto.
        </li>
        <li>
          <strong>Tu preferencia sobre el email semanal:</strong> si estás suscrito o te has dado de
          baja.
        </li>
      </ul>

      <h2>Para qué los usamos</h2>
      <ul>
        <li>Para que puedas entrar en tu cuenta y ver tu agenda.</li>
        <li>
          Para calcular tus recomendaciones. Para ello enviamos tus gustos musicales y los datos de
          los conciertos a un servicio de inteligencia artificial que nos devuelve la nota y la
          explicación.
        </li>
        <li>
          Para enviarte un email de bienvenida al registrarte y, si no te das de baja, un email
          semanal con conciertos recomendados. Cada email semanal incluye un enlace para darte de
          baja con un solo clic.
        </li>
      </ul>
      <p>
        La base legal es la ejecución del servicio que nos pides al crear tu cuenta y, para el email
        semanal, tu interés en recibirlo, que puedes retirar en cualquier momento.
      </p>

      <h2>Cookies</h2>
      <p>
        Usamos una única cookie propia y técnica: la cookie de sesión, que mantiene tu sesión
        iniciada. Es imprescindible para que el servicio funcione y no sirve para seguirte por otras
        webs. No usamos cookies de publicidad. Si medimos las visitas, lo hacemos con estadísticas
        agregadas que no te identifican.
      </p>

      <h2>Con quién los compartimos</h2>
      <p>
        <strong>No vendemos ni alquilamos tus datos a nadie.</strong> Solo los tratan, por cuenta
        nuestra, los proveedores técnicos que necesitamos para funcionar (alojamiento, envío de
        emails y el servicio de inteligencia artificial de las recomendaciones), y únicamente para
        prestarnos ese servicio.
      </p>

      <h2>Cuánto tiempo los guardamos</h2>
      <p>
        Mientras tengas una cuenta. Puedes eliminarla en cualquier momento desde tu perfil con el
        botón «Eliminar mi cuenta»: se borran tu cuenta, tus gustos, tus likes, tus valoraciones y
        tus recomendaciones, y dejamos de enviarte emails.
      </p>

      <h2>Tus derechos</h2>
      <p>
        Puedes acceder a tus datos, corregirlos, borrarlos, oponerte a su tratamiento, limitarlo y
        pedir una copia portable: en tu perfil, «Descargar mis datos» te da un archivo JSON con todo
        lo que guardamos de ti. Casi todo lo puedes hacer tú mismo desde tu perfil; para lo demás,
        escríbenos a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Si crees que no hemos
        tratado bien tus datos, puedes reclamar ante la Agencia Española de Protección de Datos
        (www.aepd.es).
      </p>
    </StaticPage>
  );
}
