// What the server hands the React app to render a page (client/src/entry-server.tsx), and what
// it embeds in the page (`#app-data`) so the browser hydrates from the very same data
// (client/src/entry-client.tsx).
import type { PublicConfigDto } from '../api/types.js';
import type { SessionResponse } from '../auth/types.js';
import type {
  CarouselResponse,
  ConcertListResponse,
  ConcertPageDto,
  LikeCountsResponse,
} from '../concerts/types.js';
import type { Locale } from '../i18n/locales.js';
import type { ProfileDto } from '../profile/types.js';

/** The answers the page needs, as the API would give them to this person now. */
export interface PageData {
  /** When the data was read (ms since the epoch): the browser refetches what has gone stale. */
  readAt: number;
  /** The page's language: the browser hydrates it with the same catalogue. */
  locale: Locale;
  session: SessionResponse;
  carousel?: CarouselResponse;
  agenda?: ConcertListResponse;
  /**
   * The agenda is left out of the page (a visitor's season of 1,000 concerts would be most of
   * the HTML): the page preloads GET /api/concerts (agendaApiPath), which the browser reads
   * before hydrating.
   */
  agendaFromApi?: true;
  likeCounts?: LikeCountsResponse;
  /** The onboarding steps: the fan's saved profile, which their form starts from. */
  profile?: ProfileDto;
  /** A concert's page: the concert, or null when there is none by that id. */
  concert?: { id: number; page: ConcertPageDto | null };
}

/**
 * The agenda in the page's language, whatever the address said it with (`?lang=`): the app asks
 * for it so and the page preloads the same address.
 */
export const agendaApiPath = (locale: Locale) => `/api/concerts?lang=${locale}`;

export interface RenderRequest {
  /** Path and query, as the browser asked. */
  url: string;
  config: PublicConfigDto;
  data: PageData;
}

export interface RenderedPage {
  /** The markup of <div id="root">. */
  html: string;
  /** Where the page sends this person instead (a signed-in fan on the landing, say). */
  redirect?: string;
}

/** The server's renderer (dist/ssr/entry-server.js once built). */
export type RenderPage = (request: RenderRequest) => RenderedPage;
