import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { ProfileDto } from '@common/profile/types';
import { ApiError } from '@/lib/api';
import { sessionKeys } from '@/lib/session';
import { profileKeys } from '../shared/keys';
import { updateProfile, type ProfileUpdate } from '../shared/queries';
import { ArtistsField } from './ArtistsField';
import { GenresFields } from './GenresFields';
import { TextField } from '@/components/TextField';
import { FormStatus } from '@/components/FormStatus';
import { useText } from '@/i18n/IntlContext';

interface ProfileEditFormProps {
  profile: ProfileDto;
  onSaved: () => void;
  onCancel: () => void;
}

export function ProfileEditForm({ profile, onSaved, onCancel }: ProfileEditFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name ?? '');
  const [artists, setArtists] = useState(profile.topArtists);
  const [genres, setGenres] = useState({
    liked: profile.topGenres,
    disliked: profile.dislikedGenres,
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const t = useText();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    // Someone who never picked genres may still save a name; emptying a chosen list is refused.
    if (genres.liked.length === 0 && profile.topGenres.length > 0) {
      setError(t('onboarding.noneSelected'));
      return;
    }
    const update: ProfileUpdate = {
      name: name.trim() || null,
      topArtists: artists,
      dislikedGenres: genres.disliked,
      ...(genres.liked.length > 0 ? { topGenres: genres.liked } : {}),
    };
    setSaving(true);
    setError('');
    try {
      const saved = await updateProfile(update);
      queryClient.setQueryData(profileKeys.detail(), saved);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
      onSaved();
    } catch (caught) {
      setSaving(false);
      // Too many taste changes: the server says how long to wait; the form keeps what was typed.
      setError(
        caught instanceof ApiError && caught.status === 429
          ? caught.message
          : t('profile.saveFailed'),
      );
    }
  }

  return (
    <form className="profile-form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <TextField
        id={`${id}-name`}
        label={t('profile.name')}
        type="text"
        autoComplete="name"
        maxLength={100}
        value={name}
        onValueChange={setName}
      />
      <div className="form-field">
        <label htmlFor={`${id}-email`}>{t('profile.email')}</label>
        <input
          id={`${id}-email`}
          className="text-input"
          type="email"
          value={profile.email}
          readOnly
        />
      </div>
      <ArtistsField artists={artists} onChange={setArtists} />
      <GenresFields liked={genres.liked} disliked={genres.disliked} onChange={setGenres} />
      {error && <FormStatus kind="error">{error}</FormStatus>}
      <div className="profile-actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {t('profile.saveChanges')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('profile.cancel')}
        </button>
      </div>
    </form>
  );
}
