import { useCallback, useMemo, useState } from 'react';
import type { ProfileDto } from '@common/profile/types';
import { isGenre } from '@common/genres/genres';
import { useHydrated } from '@/lib/hydration';

/** What the two onboarding steps share, kept in sessionStorage so "back" and a reload keep it. */
export interface OnboardingDraft {
  liked: string[];
  disliked: string[];
  artists: string[];
}

const STORAGE_KEY = 'onboarding-draft';

function toStringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export function readDraft(): OnboardingDraft | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return {
      liked: toStringList(parsed.liked).filter(isGenre),
      disliked: toStringList(parsed.disliked).filter(isGenre),
      artists: toStringList(parsed.artists),
    };
  } catch {
    return null;
  }
}

function writeDraft(draft: OnboardingDraft): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or a full storage: the steps still work, only "back" forgets.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clean up.
  }
}

export function draftFromProfile(profile: ProfileDto): OnboardingDraft {
  return {
    liked: profile.topGenres.filter(isGenre),
    disliked: profile.dislikedGenres.filter(isGenre),
    artists: profile.topArtists,
  };
}

/**
 * The shared draft. Without a stored one it starts from the saved profile (someone editing their
 * genres again), once that profile arrives. The stored draft lives in this browser only, so it is
 * read after hydration (`useHydrated`): the server and the hydrating render both draw the form
 * from the profile the page embeds, and the next render shows the kept choice.
 */
export function useOnboardingDraft(profile: ProfileDto | undefined) {
  const hydrated = useHydrated();
  const [edited, setEdited] = useState<OnboardingDraft | null>(null);
  const kept = useMemo(() => (hydrated ? readDraft() : null), [hydrated]);
  const draft = edited ?? kept ?? (profile ? draftFromProfile(profile) : null);

  const setDraft = useCallback((next: OnboardingDraft) => {
    writeDraft(next);
    setEdited(next);
  }, []);

  return {
    draft: draft ?? { liked: [], disliked: [], artists: [] },
    ready: draft !== null,
    /** False while the kept draft cannot be read yet (on the server, and while hydrating). */
    hydrated,
    setDraft,
  };
}
