// The fediverse peer's transport (fediverse-peer.ts): node:http bridged to Fedify's fetch handler,
// the "server trouble" a test can ask for (gone actors, failing inboxes), and raw signed POSTs.
import { generateCryptoKeyPair, signRequest, verifyRequest, type Federation } from '@fedify/fedify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PeerRequestData } from './fediverse-peer-federation.js';

/** An inbox POST that did not get a 2xx: a forced failure, or Fedify's 401/400. */
export interface RefusedDelivery {
  inbox: string;
  status: number;
  /** Whether the request carried a Signature header at all. */
  signed: boolean;
  json: unknown;
}

export interface Trouble {
  /** Actors answering 410 Gone everywhere (actor, inbox, WebFinger...): deleted accounts. */
  goneActors: Set<string>;
  /** How many inbox POSTs, from now, answer `status` before the inbox works again. */
  failingInbox: { count: number; status: number };
  refused: RefusedDelivery[];
}

/** Raw documents served as they are (events), by path; null once deleted (410). */
export type Documents = ReadonlyMap<string, { json: Record<string, unknown>; html: string } | null>;

const AP_TYPES = /application\/(activity\+json|ld\+json)/;

export async function listen(
  federation: Federation<PeerRequestData>,
  trouble: Trouble,
  documents: Documents,
) {
  const server = http.createServer((incoming, outgoing) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(incoming.url ?? '/', origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        for (const one of [value ?? []].flat()) headers.append(name, one);
      }
      let json: Record<string, unknown> | undefined;
      try {
        json = JSON.parse(body.toString()) as Record<string, unknown>;
      } catch {
        json = undefined;
      }
      const isInbox = incoming.method === 'POST' && /^\/(users\/[^/]+\/)?inbox$/.test(url.pathname);
      const response = await answer();
      if (isInbox && response.status >= 300) {
        trouble.refused.push({
          inbox: url.href,
          status: response.status,
          signed: headers.has('signature'),
          json,
        });
      }
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));

      /**
       * Like Mastodon and Gancio, an inbox wants an HTTP signature by the activity's actor. Fedify
       * alone would also take a Linked Data signature or an integrity proof in its place, and so
       * would let a broken HTTP signature from the app through.
       */
      async function signedByActor(request: Request): Promise<boolean> {
        const { documentLoader, contextLoader } = federation.createContext(request, {});
        const key = await verifyRequest(request.clone(), { documentLoader, contextLoader });
        const actor = json?.actor;
        const actorId =
          typeof actor === 'object' && actor !== null ? (actor as { id?: unknown }).id : actor;
        return key?.ownerId != null && key.ownerId.href === actorId;
      }

      async function answer(): Promise<Response> {
        const actor =
          /^\/users\/([^/]+)/.exec(url.pathname)?.[1] ??
          /^acct:([^@]+)@/.exec(url.searchParams.get('resource') ?? '')?.[1];
        if (actor && trouble.goneActors.has(actor)) return new Response('Gone', { status: 410 });
        if (isInbox && trouble.failingInbox.count > 0) {
          trouble.failingInbox.count--;
          return new Response('Failing on purpose', { status: trouble.failingInbox.status });
        }
        if (documents.has(url.pathname)) {
          const document = documents.get(url.pathname);
          if (document == null) return new Response('Gone', { status: 410 });
          // Content negotiation: ActivityStreams for servers, the page for browsers.
          return AP_TYPES.test(headers.get('accept') ?? '')
            ? Response.json(document.json, {
                headers: { 'Content-Type': 'application/activity+json' },
              })
            : new Response(document.html, {
                headers: { 'Content-Type': 'text/html; charset=utf-8' },
              });
        }
        const request = new Request(url, {
          method: incoming.method,
          headers,
          body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body,
        });
        if (isInbox && !(await signedByActor(request))) {
          return new Response('A valid HTTP signature by the actor is required.', { status: 401 });
        }
        return federation.fetch(request, { contextData: { json, url: url.href } });
      }
    })().catch((error: unknown) => {
      outgoing.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SignatureMode = 'valid' | 'none' | 'forged' | 'tampered';

let impostorKey: Promise<CryptoKeyPair> | undefined;

/**
 * POSTs `json` to `inbox` as ActivityPub servers do, signed (draft-cavage HTTP Signatures with a
 * Digest, as Mastodon and Gancio sign) with `key` unless `mode` says otherwise:
 * 'none' has no signature; 'forged' is signed under the same keyId by a key that is not the one
 * the actor publishes; 'tampered' is signed with the right key, then the body is changed.
 */
export async function signedPost(
  inbox: string | URL,
  json: unknown,
  key: { privateKey: CryptoKey; keyId: URL },
  mode: SignatureMode,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(json);
  let request = new Request(inbox, {
    method: 'POST',
    headers: { 'Content-Type': 'application/activity+json', Accept: 'application/activity+json' },
    body,
  });
  if (mode !== 'none') {
    impostorKey ??= generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const privateKey = mode === 'forged' ? (await impostorKey).privateKey : key.privateKey;
    request = await signRequest(request, privateKey, key.keyId);
  }
  if (mode === 'tampered') {
    const changed = JSON.stringify({ ...(json as object), tampered: true });
    request = new Request(request.url, { method: 'POST', headers: request.headers, body: changed });
  }
  const response = await fetch(request);
  return { status: response.status, body: await response.text() };
}
