// The passport strategies: they speak OAuth with the provider and hand plain values to the services.
import type { VerifyCallback } from 'passport-oauth2';
import { Strategy as GoogleStrategy } from 'passport-google-oauth20';
import { Strategy as SpotifyStrategy } from 'passport-spotify';
import { z } from 'zod';
import type { SignInErrorCode } from '../../../common/auth/sign-in-errors.js';
import type { Config } from '../../config/config.js';
import { requestLocale } from '../../i18n/intl.js';
import type { AuthDeps } from '../../accounts/account-deps.js';
import { signInWithProvider, type OAuthSignIn } from './oauth.service.js';
import { signInWithSpotify } from './spotify-sign-in.js';
import { SPOTIFY_API_URL } from './spotify-top-artists.js';

/** What the verify callbacks give passport when the user is refused, read back by the route. */
export interface Refusal {
  refusal: SignInErrorCode;
}

/** Our own failure (database...), as opposed to the provider's: the route logs it as an error. */
export class AccountError extends Error {
  constructor(cause: unknown) {
    super('No se pudo preparar la cuenta', { cause });
    this.name = 'AccountError';
  }
}

function settle(result: Promise<OAuthSignIn>, done: VerifyCallback): void {
  result.then(
    (signIn) =>
      signIn.outcome === 'signed-in'
        ? done(null, signIn.user)
        : done(null, false, { refusal: signIn.code } satisfies Refusal),
    (error: unknown) => done(new AccountError(error)),
  );
}

type GoogleClient = NonNullable<Config['google']>;
type SpotifyClient = NonNullable<Config['spotify']>;

// The options both providers share. The state parameter and PKCE's code verifier live in the
// session under a key of our own per provider; by default it is keyed by the authorization host,
// which would be shared by both providers in tests. PKCE (S256): a code intercepted on its way
// back is useless without the verifier, which never leaves our server.
function clientOptions(
  config: Config,
  provider: 'google' | 'spotify',
  client: { clientId: string; clientSecret: string; authorizationUrl?: string; tokenUrl?: string },
  userProfileURL: string | undefined,
) {
  return {
    clientID: client.clientId,
    clientSecret: client.clientSecret,
    callbackURL: `${config.publicUrl}/auth/${provider}/callback`,
    authorizationURL: client.authorizationUrl,
    tokenURL: client.tokenUrl,
    userProfileURL,
    state: true,
    pkce: true,
    sessionKey: `oauth2:${provider}`,
    // The callback's request reaches the verify function: a new account takes its language.
    passReqToCallback: true,
  } as const;
}

export function googleStrategy(deps: AuthDeps, google: GoogleClient): GoogleStrategy {
  return new GoogleStrategy(
    {
      // A URL ending in /userinfo makes the strategy read the OpenID Connect userinfo format.
      ...clientOptions(deps.config, 'google', google, google.userinfoUrl),
      scope: ['openid', 'email', 'profile'],
    },
    (req, _accessToken, _refreshToken, profile, done) => {
      const email = profile.emails?.[0];
      settle(
        signInWithProvider(deps, {
          provider: 'google',
          providerUserId: profile.id,
          email: email?.value,
          // The userinfo JSON's email_verified; anything but true is unverified.
          emailVerified: email?.verified === true,
          name: profile.displayName,
          locale: requestLocale(req.originalUrl, req.headers),
        }),
        done,
      );
    },
  );
}

const spotifyMeSchema = z.object({
  id: z.string().min(1),
  email: z.string().nullish(),
  display_name: z.string().nullish(),
  country: z.string().nullish(),
  followers: z.object({ total: z.number().int().nonnegative().nullish() }).nullish(),
  images: z.array(z.object({ url: z.string() })).nullish(),
});

export function spotifyStrategy(deps: AuthDeps, spotify: SpotifyClient): SpotifyStrategy {
  return new SpotifyStrategy(
    {
      ...clientOptions(deps.config, 'spotify', spotify, spotify.profileUrl),
      scope: ['user-read-email', 'user-read-private', 'user-top-read'],
    },
    (req, accessToken, _refreshToken, profile, done) => {
      const me = spotifyMeSchema.safeParse(profile._json);
      if (!me.success) {
        done(new Error('Perfil de Spotify con un formato inesperado'));
        return;
      }
      const { data } = me;
      settle(
        signInWithSpotify(deps, {
          profile: {
            id: data.id,
            email: data.email ?? undefined,
            displayName: data.display_name ?? undefined,
            country: data.country ?? undefined,
            followers: data.followers?.total ?? 0,
            imageUrl: data.images?.[0]?.url,
          },
          accessToken,
          apiUrl: spotify.apiUrl ?? SPOTIFY_API_URL,
          locale: requestLocale(req.originalUrl, req.headers),
        }),
        done,
      );
    },
  );
}
