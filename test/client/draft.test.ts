// The onboarding draft (client/src/features/onboarding/draft.ts): what the two steps share through
// sessionStorage. Only what the module exports is used; the storage is a real in-memory one.
import type { ProfileDto } from '../../common/profile/types';
import {
  clearDraft,
  draftFromProfile,
  readDraft,
} from '../../client/src/features/onboarding/draft';
import { installStorage, type MemoryStorage } from './memory-storage';

const KEY = 'onboarding-draft';
let storage: MemoryStorage;
beforeEach(() => {
  storage = installStorage('sessionStorage');
});

describe('readDraft', () => {
  it('is null when nothing was stored', () => {
    expect(readDraft()).toBeNull();
  });

  it('reads back a stored draft', () => {
    const draft = { liked: ['Rock', 'Jazz'], disliked: ['Reggaetón'], artists: ['Sa Fósca'] };
    storage.setItem(KEY, JSON.stringify(draft));
    expect(readDraft()).toEqual(draft);
  });

  it('drops genres that are not among the 18, and anything that is not a string', () => {
    storage.setItem(
      KEY,
      JSON.stringify({
        liked: ['Rock', 'Polka', 7, null],
        disliked: ['Metal', { genre: 'Pop' }],
        artists: ['Ona', 3, 'Trío'],
      }),
    );
    expect(readDraft()).toEqual({ liked: ['Rock'], disliked: ['Metal'], artists: ['Ona', 'Trío'] });
  });

  it('turns missing or wrongly typed lists into empty ones', () => {
    storage.setItem(KEY, JSON.stringify({ liked: 'Rock', artists: { 0: 'x' } }));
    expect(readDraft()).toEqual({ liked: [], disliked: [], artists: [] });
    storage.setItem(KEY, '"texto"');
    expect(readDraft()).toEqual({ liked: [], disliked: [], artists: [] });
  });

  it.each(['{no es json', 'null'])('is null for the stored value %s', (raw) => {
    storage.setItem(KEY, raw);
    expect(readDraft()).toBeNull();
  });

  it('is null when the storage itself fails (private mode)', () => {
    storage.setItem(KEY, JSON.stringify({ liked: ['Rock'], disliked: [], artists: [] }));
    storage.broken = true;
    expect(readDraft()).toBeNull();
  });
});

describe('clearDraft', () => {
  it('removes the draft and leaves other keys alone', () => {
    storage.setItem(KEY, JSON.stringify({ liked: ['Rock'], disliked: [], artists: [] }));
    storage.setItem('otra-cosa', 'sí');
    clearDraft();
    expect(readDraft()).toBeNull();
    expect(storage.getItem('otra-cosa')).toBe('sí');
  });

  it('does not throw when the storage fails', () => {
    storage.broken = true;
    expect(() => clearDraft()).not.toThrow();
  });
});

describe('draftFromProfile', () => {
  it("starts from the saved profile's genres and artists, without unknown genres", () => {
    const profile: ProfileDto = {
      name: 'Fan',
      email: 'fan@example.com',
      topArtists: ['Sa Fósca', 'Ona'],
      topGenres: ['Rock', 'Chill-out'],
      dislikedGenres: ['Reggaetón'],
      hasPassword: true,
      signInProviders: [],
      isSubscribed: true,
      changeNotices: true,
      showReminders: false,
      alertFrequency: 'daily',
      onboardingCompleted: true,
      emailVerified: true,
    };
    expect(draftFromProfile(profile)).toEqual({
      liked: ['Rock'],
      disliked: ['Reggaetón'],
      artists: ['Sa Fósca', 'Ona'],
    });
  });
});
