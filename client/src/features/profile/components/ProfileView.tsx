import type { ProfileDto } from '@common/dto';
import { EmailVerificationNotice } from './EmailVerificationNotice';

interface ProfileViewProps {
  profile: ProfileDto;
}

function ListOrPlaceholder({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <span className="profile-empty">{empty}</span>;
  return (
    <ul className="chip-list">
      {items.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
    </ul>
  );
}

/** What we know, read-only, with friendly texts where nothing is known yet. */
export function ProfileView({ profile }: ProfileViewProps) {
  return (
    <dl className="profile-facts">
      <div>
        <dt>Nombre</dt>
        <dd>
          {profile.name || <span className="profile-empty">Aún no nos has dicho tu nombre.</span>}
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          {profile.email}
          {!profile.emailVerified && <EmailVerificationNotice />}
        </dd>
      </div>
      <div>
        <dt>Contraseña</dt>
        <dd>
          {profile.hasPassword ? (
            <>
              <span aria-hidden="true">••••••••</span>
              <span className="visually-hidden">Contraseña guardada, oculta</span>
            </>
          ) : (
            <span className="profile-empty">
              Entraste con Google o Spotify: aún no tienes contraseña.
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>Artistas favoritos</dt>
        <dd>
          <ListOrPlaceholder
            items={profile.topArtists}
            empty="Todavía no tienes artistas favoritos."
          />
        </dd>
      </div>
      <div>
        <dt>Géneros preferidos</dt>
        <dd>
          <ListOrPlaceholder
            items={profile.topGenres}
            empty="Todavía no has elegido tus géneros favoritos."
          />
        </dd>
      </div>
      <div>
        <dt>Géneros que no te gustan</dt>
        <dd>
          <ListOrPlaceholder
            items={profile.dislikedGenres}
            empty="No nos has dicho ningún género que no te guste."
          />
        </dd>
      </div>
    </dl>
  );
}
