// What a page's first screen is drawn from: the answers the app would ask the API for, read here
// for this person, so the server renders the page and the browser hydrates it from the same data.
import type {
  ConcertListResponse,
  ConcertPageDto,
  LikeCountsResponse,
} from '../../common/concerts/types.js';
import type { Locale } from '../../common/i18n/locales.js';
import type { PageData } from '../../common/pages/render.js';
import { agendaAnswer, carousel, type AgendaDeps } from '../concerts/concerts.service.js';
import type { LikeCounts } from '../concerts/like-counts.js';
import type { SessionUserRow } from '../accounts/users.repository.js';
import { ownProfile } from '../users/profile.service.js';
import { toSessionUserDto } from '../accounts/users.dto.js';

export type SignedInUser = SessionUserRow;

export interface PageDataDeps extends AgendaDeps {
  likeCounts: LikeCounts;
}

// A kept answer is the same Buffer until it changes: its JSON is parsed once, not per page.
const parsedBodies = new WeakMap<Buffer, unknown>();
function parse<T>(body: Buffer): T {
  if (!parsedBodies.has(body)) parsedBodies.set(body, JSON.parse(body.toString('utf8')));
  return parsedBodies.get(body) as T;
}

/** The agenda (the fan's, or the visitors') and the like counts, from the kept answers. */
async function agendaData(deps: PageDataDeps, user: SignedInUser | undefined, locale: Locale) {
  const [agenda, counts] = await Promise.all([
    agendaAnswer(deps, { userId: user?.user_id, locale }, 'identity'),
    deps.likeCounts.answer('identity'),
  ]);
  return {
    agenda: parse<ConcertListResponse>(agenda.body),
    likeCounts: parse<LikeCountsResponse>(counts.body),
  };
}

const ONBOARDING_PATHS = new Set(['/liked-music-genres', '/disliked-music-genres']);

/**
 * The data of the page at `path` (normalised: lower case, no trailing slash) for this person.
 * A concert's page brings its concert (`concert`, read by public-pages.ts); other pages need only
 * the session, and load the rest in the browser.
 */
export async function pageDataFor(
  deps: PageDataDeps,
  path: string,
  user: SignedInUser | undefined,
  locale: Locale,
  concert?: { id: number; page: ConcertPageDto | null },
): Promise<PageData> {
  const data: PageData = {
    readAt: deps.clock().getTime(),
    locale,
    session: { user: user ? toSessionUserDto(user) : null },
  };
  if (concert) return { ...data, concert };
  if (path === '/' || path === '/conciertos-en-mallorca') {
    // A fan is sent on to their page: no carousel to read for them.
    return user ? data : { ...data, carousel: await carousel(deps.db, deps.clock) };
  }
  if (user && ONBOARDING_PATHS.has(path)) {
    // The steps draw their form from the saved profile on the server; a draft kept in the
    // browser (sessionStorage) is applied after hydration, so both first renders agree.
    return { ...data, profile: await ownProfile(deps.db, user.user_id) };
  }
  if (path === '/conciertos' || (path === '/myconcerts' && user?.onboarding_completed)) {
    // A visitor's agenda is the same kept answer the API gives, and stays in the API: a fan's,
    // which changes while it is being scored, comes in the page it was drawn from.
    const fromApi = path === '/conciertos' && !user ? { agendaFromApi: true as const } : {};
    return { ...data, ...(await agendaData(deps, user, locale)), ...fromApi };
  }
  return data;
}
