// Real protocol peers for Google and Spotify sign-in tests:
// - an oauth2-mock-server (authorize, token, OpenID userinfo) standing in for both providers'
//   OAuth endpoints, in a child process;
// - a plain node:http server standing in for Spotify's Web API (/v1/me, /v1/me/top/artists).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { defined } from './defined.js';
import { useForFile } from './lifecycle.js';

/*
 * Why a child process: oauth2-mock-server is ESM-only, and jest (CommonJS transform, no
 * --experimental-vm-modules) refuses to load it however it is asked: a static import, `await
 * import()`, and even Node's own require(esm) through `createRequire` or
 * `process.getBuiltinModule('node:module')` all end in jest's "Must use import to load ES Module"
 * (jest patches them; it only supports require(esm) from Node 24.9). A child `node` is outside
 * jest's module system, so it imports the package as plain ESM. The test talks to it over IPC.
 * The script runs with the repository as cwd, where `import('oauth2-mock-server')` resolves.
 */
const PEER_SCRIPT = `
const { OAuth2Server } = await import('oauth2-mock-server');
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');
let userinfo = { sub: 'johndoe' };
let failNextToken = false;
// What the app sent: the PKCE fields of each authorization and token request.
const seen = [];
// The S256 challenge each code was issued with. Like Google and Spotify, the peer insists on
// PKCE: oauth2-mock-server alone checks a verifier that is sent but lets one that is left out (or
// a code issued without a challenge) through, so a client without PKCE would pass unnoticed.
const challenges = new Map();
const { createHash } = await import('node:crypto');
const pkceProblem = (code, verifier) => {
  const challenge = challenges.get(code);
  challenges.delete(code);
  if (challenge === undefined) return 'code issued without an S256 code_challenge';
  if (typeof verifier !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    return 'missing or malformed code_verifier';
  }
  if (createHash('sha256').update(verifier).digest('base64url') !== challenge) {
    return 'code_verifier does not match the code_challenge';
  }
  return undefined;
};
server.service.on('beforeUserinfo', (response) => {
  response.body = userinfo;
});
server.service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const { state, code_challenge, code_challenge_method } = req.query;
  seen.push({ endpoint: 'authorize', state, code_challenge, code_challenge_method });
  const code = redirect.url.searchParams.get('code');
  if (code && code_challenge_method === 'S256') challenges.set(code, code_challenge);
});
server.service.on('beforeResponse', (response, req) => {
  const { grant_type, code, code_verifier } = req.body ?? {};
  seen.push({ endpoint: 'token', grant_type, code, code_verifier });
  const problem = grant_type === 'authorization_code' ? pkceProblem(code, code_verifier) : undefined;
  if (problem) {
    response.statusCode = 400;
    response.body = { error: 'invalid_grant', error_description: problem };
    return;
  }
  if (!failNextToken) return;
  failNextToken = false;
  response.statusCode = 400;
  response.body = { error: 'invalid_grant', error_description: 'Código caducado' };
});
process.on('message', (message) => {
  if (message.type === 'userinfo') userinfo = message.body;
  if (message.type === 'failNextToken') failNextToken = true;
  const data = message.type === 'seen' ? seen.splice(0) : undefined;
  process.send({ ack: message.id, data });
});
// The jest worker is gone (or stopped us): do not linger.
process.on('disconnect', () => server.stop().finally(() => process.exit(0)));
process.send({ url: server.issuer.url });
`;

type PeerReply = { url: string } | { ack: number; data?: unknown };

/** One request the app made to the peer, with the fields PKCE is about. */
export type PeerRequest =
  | {
      endpoint: 'authorize';
      state?: string;
      code_challenge?: string;
      code_challenge_method?: string;
    }
  | { endpoint: 'token'; grant_type?: string; code?: string; code_verifier?: string };

export interface OAuthPeer {
  /** Base URL: /authorize, /token and /userinfo live under it. */
  url: string;
  /** The JSON the next /userinfo calls answer (Google's OpenID userinfo). */
  setUserinfo(body: Record<string, unknown>): Promise<void>;
  /** The next token request is refused with 400 invalid_grant. */
  failNextTokenRequest(): Promise<void>;
  /** The authorization and token requests received since the last call, oldest first. */
  takeRequests(): Promise<PeerRequest[]>;
  stop(): Promise<void>;
}

export async function startOAuthPeer(): Promise<OAuthPeer> {
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', PEER_SCRIPT], {
    cwd: process.cwd(),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`oauth2-mock-server salió con ${code}`)));
    child.once('message', (reply: PeerReply) => {
      if ('url' in reply) resolve(reply.url);
    });
  });
  child.removeAllListeners('exit');

  let nextId = 0;
  const send = (message: Record<string, unknown>) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      const onReply = (reply: PeerReply) => {
        if (!('ack' in reply) || reply.ack !== id) return;
        child.off('message', onReply);
        resolve(reply.data);
      };
      child.on('message', onReply);
      child.send({ ...message, id });
    });

  return {
    url,
    setUserinfo: async (body) => void (await send({ type: 'userinfo', body })),
    failNextTokenRequest: async () => void (await send({ type: 'failNextToken' })),
    takeRequests: async () => (await send({ type: 'seen' })) as PeerRequest[],
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

export interface SpotifyApiPeer {
  url: string;
  /** GET /v1/me answers this (status 200). */
  me: Record<string, unknown>;
  /** GET /v1/me/top/artists answers this. */
  topArtists: { status: number; body: unknown };
  /** Every request received: method, path with query, and Authorization header. */
  requests: Array<{ method: string; url: string; authorization: string | undefined }>;
  stop(): Promise<void>;
}

export async function startSpotifyApi(): Promise<SpotifyApiPeer> {
  const server = http.createServer((req, res) => {
    peer.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
    });
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (!req.headers.authorization?.startsWith('Bearer ')) {
      return answer(401, { error: { status: 401, message: 'No token provided' } });
    }
    if (path === '/v1/me') return answer(200, peer.me);
    if (path === '/v1/me/top/artists') return answer(peer.topArtists.status, peer.topArtists.body);
    answer(404, { error: { status: 404, message: 'Service not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const peer: SpotifyApiPeer = {
    url: `http://127.0.0.1:${port}`,
    me: {},
    topArtists: { status: 200, body: { items: [] } },
    requests: [],
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return peer;
}

/** The settings that send the app's Google sign-in to this peer. */
export function googleEnv(oauth: OAuthPeer): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    GOOGLE_AUTHORIZATION_URL: `${oauth.url}/authorize`,
    GOOGLE_TOKEN_URL: `${oauth.url}/token`,
    GOOGLE_USERINFO_URL: `${oauth.url}/userinfo`,
  };
}

/** The settings that send the app's Spotify sign-in to this peer and its Web API calls to `api`. */
export function spotifyEnv(oauth: OAuthPeer, api: SpotifyApiPeer): Record<string, string> {
  return {
    SPOTIFY_CLIENT_ID: 'spotify-client',
    SPOTIFY_CLIENT_SECRET: 'spotify-secret',
    SPOTIFY_AUTHORIZATION_URL: `${oauth.url}/authorize`,
    SPOTIFY_TOKEN_URL: `${oauth.url}/token`,
    SPOTIFY_PROFILE_URL: `${api.url}/v1/me`,
    SPOTIFY_API_URL: api.url,
  };
}

/** This file's OAuth peer (helpers/lifecycle.ts). */
export const useOAuthPeer = (): OAuthPeer =>
  useForFile('The OAuth peer', startOAuthPeer, (peer) => peer.stop());

/** This file's Spotify Web API (helpers/lifecycle.ts): no requests and no top artists at each test. */
export function useSpotifyApi(): SpotifyApiPeer {
  const api = useForFile('The Spotify API', startSpotifyApi, (peer) => peer.stop());
  beforeEach(() => {
    api.requests.length = 0;
    api.topArtists = { status: 200, body: { items: [] } };
  });
  return api;
}

/** A browser's round trip: GET `start` (/auth/<provider>...), the peer's /authorize, the callback. */
export async function oauthRoundTrip(agent: ReturnType<typeof request.agent>, start: string) {
  const started = await agent.get(start).expect(302);
  const authorize = new URL(defined(started.headers.location, 'Location'));
  const atProvider = await request(authorize.origin)
    .get(`${authorize.pathname}${authorize.search}`)
    .expect(302);
  const back = new URL(defined(atProvider.headers.location, 'Location'));
  return agent.get(`${back.pathname}${back.search}`).expect(302);
}
