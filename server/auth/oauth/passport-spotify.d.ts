// passport-spotify ships no types: just what strategies.ts uses.
declare module 'passport-spotify' {
  import type { Request } from 'express';
  import type { Profile as PassportProfile } from 'passport';
  import OAuth2Strategy, { type VerifyCallback } from 'passport-oauth2';

  export interface Profile extends PassportProfile {
    provider: 'spotify';
    /** GET /v1/me as Spotify sent it. */
    _json: unknown;
  }

  export interface StrategyOptions {
    clientID: string;
    clientSecret: string;
    callbackURL: string;
    authorizationURL?: string;
    tokenURL?: string;
    userProfileURL?: string;
    scope?: string[];
    state?: boolean;
    /** Passed on to passport-oauth2, which sends an S256 code challenge. */
    pkce?: boolean;
    sessionKey?: string;
    /** The verify function gets the callback's request first (its language, for a new account). */
    passReqToCallback: true;
  }

  export type VerifyFunction = (
    req: Request,
    accessToken: string,
    refreshToken: string,
    profile: Profile,
    done: VerifyCallback,
  ) => void;

  export class Strategy extends OAuth2Strategy {
    constructor(options: StrategyOptions, verify: VerifyFunction);
  }
}
