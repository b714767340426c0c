import { BandsFormLink } from '@/components/BandsFormLink';
import { StaticPage } from '@/components/StaticPage';
import { CONTACT_EMAIL } from './contact';

export function ContactPage() {
  return (
    <StaticPage
      title="Contacto"
      lead="Nos encanta recibir mensajes, sobre todo si hablan de música."
    >
      <h2>Escríbenos</h2>
      <p>
        Para dudas, sugerencias, errores en un concierto o cualquier cuestión sobre tus datos,
        escríbenos a <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Respondemos en unos
        días laborables.
      </p>

      <h2>¿Tienes un grupo o una sala?</h2>
      <p>
        Si tocas o programas conciertos en Mallorca, no hace falta que nos escribas: publica tus
        fechas directamente con el enlace «Publica tus conciertos» de la portada y aparecerán en la
        agenda.
      </p>
      <p>
        <BandsFormLink className="button button--primary" />
      </p>
    </StaticPage>
  );
}
