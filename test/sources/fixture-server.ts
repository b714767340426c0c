// A real HTTP server on 127.0.0.1 for the source tests: it counts connections and records what
// each request carried, so a test can tell what reached it and what never did.
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  /** http://127.0.0.1:port */
  origin: string;
  port: number;
  connections: () => number;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close: () => Promise<void>;
}

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startFixtureServer(handler: Handler): Promise<FixtureServer> {
  let connections = 0;
  const requests: FixtureServer['requests'] = [];
  const server = http.createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
