// A receiving fediverse for the federation bench: one node:http server on 127.0.0.1 standing in
// for many remote servers, each with its shared inbox at /s/<n>/inbox (and its accounts' personal
// inboxes at /s/<n>/users/<m>/inbox). Every POST is answered 202 and counted by activity type and
// by inbox, with the time it arrived (after `answerAfterMs`, as a remote server's latency); every `sampleEvery`-th one has its HTTP Signature checked:
// its keyId must be the expected key, and Fedify's verifyRequest must accept it.
import { getDocumentLoader, verifyRequest } from '@fedify/fedify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Arrival {
  type: string;
  activityId: string;
  /** performance.now() when its body had arrived. */
  at: number;
}

export interface SignatureSamples {
  checked: number;
  /** keyId as expected (the draft-cavage Signature header's keyId). */
  keyIdMatches: number;
  /** Fedify's verifyRequest found the key and the signature good. */
  verified: number;
  failures: string[];
}

export interface FediverseInboxes {
  origin: string;
  sharedInbox(server: number): string;
  personalInbox(server: number, account: number): string;
  follower(server: number, account: number): string;
  /** Every POST so far, by inbox URL. */
  arrivals: Map<string, Arrival[]>;
  /** POSTs by activity type. */
  byType(): Record<string, number>;
  signatures: SignatureSamples;
  /** The most POSTs at once between their first byte and our answer. */
  maxInFlight(): number;
  /** Forgets what arrived (a new round). */
  reset(): void;
  /** The signature checks started and not finished yet. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const KEY_ID = /keyId="([^"]+)"/;

export async function startFediverseInboxes(options: {
  /** The key the deliveries must be signed with, e.g. http://…/ap/actors/agenda#main-key. */
  expectedKeyId: () => string | undefined;
  sampleEvery: number;
  /** How long each inbox takes to answer: a remote server's latency (0: at once). */
  answerAfterMs?: number;
}): Promise<FediverseInboxes> {
  const arrivals = new Map<string, Arrival[]>();
  let signatures: SignatureSamples = { checked: 0, keyIdMatches: 0, verified: 0, failures: [] };
  let posts = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let checks: Promise<void>[] = [];
  const documentLoader = getDocumentLoader({ allowPrivateAddress: true });

  const check = async (url: string, headers: http.IncomingHttpHeaders, body: Buffer) => {
    const samples = signatures;
    samples.checked += 1;
    const keyId = KEY_ID.exec(String(headers.signature ?? ''))?.[1];
    if (keyId !== undefined && keyId === options.expectedKeyId()) samples.keyIdMatches += 1;
    else samples.failures.push(`keyId ${keyId ?? '(no Signature header)'}`);
    const request = new Request(url, {
      method: 'POST',
      headers: Object.entries(headers).flatMap(([name, value]) =>
        [value ?? []].flat().map((one): [string, string] => [name, one]),
      ),
      body: new Uint8Array(body),
    });
    try {
      const key = await verifyRequest(request, { documentLoader, contextLoader: documentLoader });
      if (key?.id?.href === keyId) samples.verified += 1;
      else samples.failures.push(`verifyRequest: ${key?.id?.href ?? 'null'}`);
    } catch (error) {
      samples.failures.push(`verifyRequest: ${String(error)}`);
    }
  };

  const server = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => (inFlight -= 1));
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks);
      if (req.method !== 'POST' || !/^\/s\/\d+\/(users\/\d+\/)?inbox$/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      let type = 'unreadable';
      let activityId = '';
      try {
        const json = JSON.parse(body.toString()) as { type?: unknown; id?: unknown };
        type = String(json.type);
        activityId = String(json.id);
      } catch {
        // counted as 'unreadable'
      }
      const url = `${origin}${req.url}`;
      const list = arrivals.get(url) ?? [];
      list.push({ type, activityId, at });
      arrivals.set(url, list);
      posts += 1;
      if (posts % options.sampleEvery === 1) checks.push(check(url, req.headers, body));
      const answer = () => res.writeHead(202).end();
      if (options.answerAfterMs) setTimeout(answer, options.answerAfterMs);
      else answer();
    });
  });
  // Fedify opens a connection per delivery; the default backlog is plenty for that.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    sharedInbox: (n) => `${origin}/s/${n}/inbox`,
    personalInbox: (n, m) => `${origin}/s/${n}/users/${m}/inbox`,
    follower: (n, m) => `${origin}/s/${n}/users/${m}`,
    arrivals,
    byType: () => {
      const counts: Record<string, number> = {};
      for (const list of arrivals.values()) {
        for (const { type } of list) counts[type] = (counts[type] ?? 0) + 1;
      }
      return counts;
    },
    get signatures() {
      return signatures;
    },
    maxInFlight: () => maxInFlight,
    reset: () => {
      arrivals.clear();
      maxInFlight = inFlight;
      signatures = { checked: 0, keyIdMatches: 0, verified: 0, failures: [] };
      posts = 0;
      checks = [];
    },
    settled: async () => {
      await Promise.all(checks);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
