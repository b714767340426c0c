import type { ProfileDto } from '@common/profile/types';
import type { MessageId } from '@common/i18n/catalogues';
import { genreName } from '@/i18n/genreName';
import { useText } from '@/i18n/IntlContext';
import { EmailVerificationNotice } from './EmailVerificationNotice';

const HIDDEN_PASSWORD = '••••••••';

interface ProfileViewProps {
  profile: ProfileDto;
}

function ListOrPlaceholder({
  items,
  empty,
  name = (item) => item,
}: {
  items: string[];
  empty: string;
  name?: (item: string) => string;
}) {
  if (items.length === 0) return <span className="profile-empty">{empty}</span>;
  return (
    <ul className="chip-list">
      {items.map((item) => (
        <li key={item} className="chip">
          {name(item)}
        </li>
      ))}
    </ul>
  );
}

/** What we know, read-only, with friendly texts where nothing is known yet. */
export function ProfileView({ profile }: ProfileViewProps) {
  const t = useText();
  const genres = (id: MessageId, items: string[], empty: MessageId) => (
    <div>
      <dt>{t(id)}</dt>
      <dd>
        <ListOrPlaceholder items={items} empty={t(empty)} name={(genre) => genreName(t, genre)} />
      </dd>
    </div>
  );
  return (
    <dl className="profile-facts">
      <div>
        <dt>{t('profile.name')}</dt>
        <dd>{profile.name || <span className="profile-empty">{t('profile.noName')}</span>}</dd>
      </div>
      <div>
        <dt>{t('profile.email')}</dt>
        <dd>
          {profile.email}
          {!profile.emailVerified && <EmailVerificationNotice />}
        </dd>
      </div>
      <div>
        <dt>{t('profile.password')}</dt>
        <dd>
          {profile.hasPassword ? (
            <>
              <span aria-hidden="true">{HIDDEN_PASSWORD}</span>
              <span className="visually-hidden">{t('profile.passwordHidden')}</span>
            </>
          ) : (
            <span className="profile-empty">{t('profile.noPassword')}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('profile.artists')}</dt>
        <dd>
          <ListOrPlaceholder items={profile.topArtists} empty={t('artists.none')} />
        </dd>
      </div>
      {genres('profile.likedGenres', profile.topGenres, 'profile.noLikedGenres')}
      {genres('profile.dislikedGenres', profile.dislikedGenres, 'profile.noDislikedGenres')}
    </dl>
  );
}
