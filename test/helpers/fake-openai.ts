// A local OpenAI-compatible server (POST /v1/chat/completions): the AI peer of tests. The app talks
// to it through the real `openai` SDK with baseURL http://127.0.0.1:PORT/v1, so retries, timeouts
// and connection errors are the SDK's own behaviour, not a mock's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLatch, type Latch } from './latch.js';

export interface ChatRequest {
  body: { model: string; messages: { role: string; content: string }[] };
  authorization: string | undefined;
  receivedAt: number;
}

export interface FakeReply {
  /** Default 200. */
  status?: number;
  /** The assistant's message (200) or the error message (any other status). */
  content?: string;
  headers?: Record<string, string>;
  /** Sent as the body instead of a chat completion: a broken server. */
  raw?: string;
  /** Never answer: the client has to time out. */
  hang?: boolean;
}

export type Responder = (request: ChatRequest) => FakeReply | Promise<FakeReply>;

export interface FakeOpenAi {
  /** What the SDK's baseURL must be. */
  baseUrl: string;
  requests: ChatRequest[];
  readonly calls: number;
  /** The most requests this server had open at the same time. */
  readonly maxInFlight: number;
  /**
   * From now on every request waits on the returned latch before it is answered: the test sees
   * how many are held at once (`waiting`), then lets them go. Order of events, not the clock.
   */
  hold(): Latch;
  /** A latency before each answer, for the benchmarks' realistic AI; tests use hold() instead. */
  setDelay(ms: number): void;
  setResponder(responder: Responder): void;
  /** The next `count` requests get `reply`; then the responder answers again (429 then success). */
  failNext(count: number, reply: FakeReply): void;
  /** Back to: nothing held, no delay, every concert rated low (never above the rules), counters at zero. */
  reset(): void;
  /** Stops listening and drops open requests: afterwards the port refuses connections. */
  close(): Promise<void>;
}

/** The concert ids of a request, as the prompt lists them ("Concierto ID 12"). */
export function concertIdsIn(request: ChatRequest): number[] {
  const user = userMessageOf(request);
  return [...user.matchAll(/^Concierto ID (\d+)$/gm)].map((match) => Number(match[1]));
}

export const userMessageOf = (request: ChatRequest) =>
  request.body.messages.find((message) => message.role === 'user')?.content ?? '';

export const systemMessageOf = (request: ChatRequest) =>
  request.body.messages.find((message) => message.role === 'system')?.content ?? '';

/** A well-behaved AI: one line per concert of the request. */
export const rateEvery =
  (rate: (id: number) => string = (id) => `low; Razón de la IA para el ${id}`): Responder =>
  (request) => ({
    content: concertIdsIn(request)
      .map((id) => `${id}; ${rate(id)}`)
      .join('\n'),
  });

function completion(model: string, content: string, n: number) {
  return {
    id: `chatcmpl-fake-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: ChatRequest[] = [];
  let gate: Latch | undefined;
  let delayMs = 0;
  let responder: Responder = rateEvery();
  let failures: { count: number; reply: FakeReply } | undefined;
  let inFlight = 0;
  let maxInFlight = 0;

  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
      return;
    }
    const request: ChatRequest = {
      body: JSON.parse(await readBody(req)) as ChatRequest['body'],
      authorization: req.headers.authorization,
      receivedAt: Date.now(),
    };
    requests.push(request);
    const n = requests.length;
    await gate?.wait();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    let reply: FakeReply;
    if (failures && failures.count > 0) {
      failures.count -= 1;
      reply = failures.reply;
    } else reply = await responder(request);
    if (reply.hang) return;
    const status = reply.status ?? 200;
    const headers = { 'content-type': 'application/json', ...reply.headers };
    res.writeHead(status, headers);
    if (reply.raw !== undefined) res.end(reply.raw);
    else if (status === 200)
      res.end(JSON.stringify(completion(request.body.model, reply.content ?? '', n)));
    else
      res.end(JSON.stringify({ error: { message: reply.content ?? 'error', type: 'fake_error' } }));
  }

  const server = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    // 'close' fires once per request: answered, or dropped by a client that gave up.
    res.on('close', () => (inFlight -= 1));
    answer(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get calls() {
      return requests.length;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    hold: () => (gate = createLatch()),
    setDelay: (ms) => (delayMs = ms),
    setResponder: (next) => (responder = next),
    failNext: (count, reply) => (failures = { count, reply }),
    reset() {
      requests.length = 0;
      gate?.open();
      gate = undefined;
      delayMs = 0;
      responder = rateEvery();
      failures = undefined;
      maxInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
