// GET /auth/<provider> sends the browser to Google or Spotify; /auth/<provider>/callback signs it in.
// Browser navigations, not API calls: every outcome is a redirect into the SPA.
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { PassportStatic, Strategy } from 'passport';
import { notFound } from '../../lib/errors.js';
import type { AuthDeps } from '../../accounts/account-deps.js';
import type { OAuthProvider } from './identities.repository.js';
import { isSignInErrorCode, type SignInErrorCode } from '../../../common/auth/sign-in-errors.js';
import { PROVIDER_LABELS, signInFailedCode } from './oauth.service.js';
import { AccountError, googleStrategy, spotifyStrategy, type Refusal } from './strategies.js';
import { describedAs } from '../../lib/route.js';

/** passport's req.logIn as a promise: it regenerates the session id (no fixation). */
function logIn(req: Request, user: Express.User): Promise<void> {
  return new Promise((resolve, reject) =>
    req.logIn(user, (error?: Error) => (error ? reject(error) : resolve())),
  );
}

// Only a known code ever goes into the address: the landing shows its fixed text.
const redirectWithError = (res: Response, code: SignInErrorCode) => res.redirect(`/?error=${code}`);

function refusalOf(info: unknown): SignInErrorCode | undefined {
  const refusal = (info as Partial<Refusal> | undefined)?.refusal;
  return isSignInErrorCode(refusal) ? refusal : undefined;
}

/** What is safe to log about a provider failure: never the tokens or the response bodies. */
function describeFailure(req: Request, error: unknown, info: unknown) {
  // ?error=access_denied when the person cancels at the provider.
  const providerError = typeof req.query.error === 'string' ? req.query.error.slice(0, 100) : '';
  if (error instanceof Error) {
    const status = (error as { oauthError?: { statusCode?: unknown } }).oauthError?.statusCode;
    return { error: error.name, reason: error.message, status, providerError };
  }
  const message = (info as { message?: unknown } | undefined)?.message;
  return { reason: typeof message === 'string' ? message : 'sin usuario', providerError };
}

/**
 * A signed-in fan asked to sign in again from /profile (re-authentication before deleting the
 * account or setting a password): they go back there afterwards. Only that one path is accepted,
 * so the parameter cannot send anyone elsewhere.
 */
const rememberReturn: RequestHandler = (req, _res, next) => {
  if (req.user && req.query.returnTo === '/profile') req.session.oauthReturnTo = '/profile';
  next();
};

function mountProvider(
  router: Router,
  passport: PassportStatic,
  provider: OAuthProvider,
  strategy: Strategy | undefined,
): void {
  const start = `/auth/${provider}`;
  const callback = `${start}/callback`;
  if (!strategy) {
    router.get(
      [start, callback],
      describedAs({
        summary: `Inicio de sesión con ${PROVIDER_LABELS[provider]} (desactivado)`,
        status: 404,
      }),
      (_req, _res, next) =>
        next(
          notFound({
            id: 'error.auth.providerOff',
            values: { provider: PROVIDER_LABELS[provider] },
          }),
        ),
    );
    return;
  }
  passport.use(provider, strategy);
  // @types/passport types authenticate()'s middleware as any.
  router.get(
    start,
    describedAs({
      summary: `Empezar a iniciar sesión con ${PROVIDER_LABELS[provider]}`,
      status: 302,
    }),
    rememberReturn,
    passport.authenticate(provider) as RequestHandler,
  );
  router.get(
    callback,
    describedAs({
      summary: `Vuelta de ${PROVIDER_LABELS[provider]} tras iniciar sesión`,
      status: 302,
    }),
    (req, res, next) => {
      const finish = (error: unknown, user: Express.User | false | null, info: unknown) => {
        if (user) {
          // Read before logIn: it regenerates the session, and this visit's data goes with it.
          const target =
            req.session.oauthReturnTo ??
            (user.onboarding_completed ? '/myconcerts' : '/liked-music-genres');
          logIn(req, user).then(() => res.redirect(target), next);
          return;
        }
        const refusal = error ? undefined : refusalOf(info);
        if (refusal) return void redirectWithError(res, refusal);
        if (error instanceof AccountError) {
          req.log.error({ err: error.cause, provider }, 'Error al preparar la cuenta OAuth');
        } else {
          req.log.warn(
            { provider, ...describeFailure(req, error, info) },
            'Inicio de sesión fallido',
          );
        }
        redirectWithError(res, signInFailedCode(provider));
      };
      (passport.authenticate(provider, finish) as RequestHandler)(req, res, next);
    },
  );
}

/** Each provider is on only when its client id and secret are configured. */
export function oauthRouter(deps: AuthDeps, passport: PassportStatic): Router {
  const router = express.Router();
  const { google, spotify } = deps.config;
  mountProvider(router, passport, 'google', google && googleStrategy(deps, google));
  mountProvider(router, passport, 'spotify', spotify && spotifyStrategy(deps, spotify));
  return router;
}
