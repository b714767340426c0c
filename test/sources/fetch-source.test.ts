// The source fetch against real HTTP servers on 127.0.0.1: conditional requests, compression,
// the byte and time caps, redirects, and the addresses it must never connect to.
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { refusalOf } from '../../server/sources/address-check.js';
import {
  checkSourceAddress,
  fetchSource,
  SourceReadError,
  type FetchOptions,
} from '../../server/sources/fetch-source.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';

const USER_AGENT = 'ConciertosMallorca/1.0 (+https://conciertos.example/fuentes)';
const ETAG = '"v7"';
const LAST_MODIFIED = 'Wed, 01 Jul 2026 08:00:00 GMT';
const FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
const PAGE = `<!doctype html><title>Agenda</title><p>${'Concierto en Palma. '.repeat(200)}</p>`;

let server: FixtureServer;
let other: FixtureServer;

beforeAll(async () => {
  other = await startFixtureServer((_request, response) => response.end('otro servidor'));
  server = await startFixtureServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    const [, first, second] = url.pathname.split('/');
    switch (first) {
      case 'feed.ics':
        if (
          request.headers['if-none-match'] === ETAG ||
          request.headers['if-modified-since'] === LAST_MODIFIED
        ) {
          response.writeHead(304, { ETag: ETAG }).end();
          return;
        }
        response
          .writeHead(200, {
            'Content-Type': 'text/calendar; charset=utf-8',
            ETag: ETAG,
            'Last-Modified': LAST_MODIFIED,
          })
          .end(FEED);
        return;
      case 'gzip':
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        response.end(gzipSync(PAGE));
        return;
      case 'br':
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'br' });
        response.end(brotliCompressSync(PAGE));
        return;
      case 'deflate':
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'deflate' });
        response.end(deflateSync(PAGE));
        return;
      case 'big':
        response.writeHead(200, { 'Content-Type': 'text/html' }).end('a'.repeat(5000));
        return;
      case 'big-chunked':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        for (let i = 0; i < 50; i += 1) response.write('a'.repeat(100));
        response.end();
        return;
      case 'bomb':
        // 200 kB of zeros, about 200 bytes on the wire.
        response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
        response.end(gzipSync(Buffer.alloc(200_000)));
        return;
      case 'slow-headers':
        return; // never answers
      case 'slow-body':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.write('<!doctype html><p>empieza');
        return; // and never ends
      case 'r': {
        const left = Number(second);
        if (left > 0) response.writeHead(302, { Location: `/r/${left - 1}` }).end();
        else response.writeHead(200, { 'Content-Type': 'text/plain' }).end('fin');
        return;
      }
      case 'to':
        response.writeHead(301, { Location: decodeURIComponent(second ?? '') }).end();
        return;
      case 'missing':
        response.writeHead(404, { 'Content-Type': 'text/html' }).end('no está');
        return;
      case 'latin1':
        response.writeHead(200, { 'Content-Type': 'text/html; charset=ISO-8859-1' });
        response.end(Buffer.from('Café en Sa Màniga', 'latin1'));
        return;
      case 'meta-charset':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        // 0x80 is € in windows-1252 (and nothing printable in ISO-8859-1).
        response.end(
          Buffer.concat([
            Buffer.from('<meta charset="windows-1252"><p>Cançó ', 'latin1'),
            Buffer.from([0x80]),
          ]),
        );
        return;
      default:
        response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    }
  });
});

afterAll(async () => {
  await server.close();
  await other.close();
});

const options = (over: Partial<FetchOptions> = {}): FetchOptions => ({
  allowPrivateNetworks: true,
  userAgent: USER_AGENT,
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; detail?: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SourceReadError);
    const { code, detail } = error as SourceReadError;
    return { code, detail };
  }
  throw new Error('expected a SourceReadError');
}

describe('fetchSource', () => {
  it('sends the User-Agent and Accept headers and returns the body and validators', async () => {
    const result = await fetchSource(`${server.origin}/feed.ics`, options());
    expect(result).toEqual({
      notModified: false,
      body: FEED,
      contentType: 'text/calendar; charset=utf-8',
      finalUrl: `${server.origin}/feed.ics`,
      etag: ETAG,
      lastModified: LAST_MODIFIED,
    });
    const { headers } = server.requests.at(-1)!;
    expect(headers['user-agent']).toBe(USER_AGENT);
    expect(headers.accept).toBe('text/calendar, application/ld+json, text/html;q=0.9, */*;q=0.5');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(headers.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('asks conditionally and reads a 304 as not modified', async () => {
    const byEtag = await fetchSource(`${server.origin}/feed.ics`, options({ etag: ETAG }));
    expect(byEtag).toEqual({ notModified: true });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe(ETAG);

    const byDate = await fetchSource(
      `${server.origin}/feed.ics`,
      options({ lastModified: LAST_MODIFIED }),
    );
    expect(byDate).toEqual({ notModified: true });
    expect(server.requests.at(-1)?.headers['if-modified-since']).toBe(LAST_MODIFIED);
  });

  it.each(['gzip', 'br', 'deflate'])('decompresses a %s body', async (encoding) => {
    const result = await fetchSource(`${server.origin}/${encoding}`, options());
    expect(result.notModified === false && result.body).toBe(PAGE);
  });

  it('decodes the charset the content-type names, or the one the page declares', async () => {
    const latin1 = await fetchSource(`${server.origin}/latin1`, options());
    expect(latin1.notModified === false && latin1.body).toBe('Café en Sa Màniga');
    const declared = await fetchSource(`${server.origin}/meta-charset`, options());
    expect(declared.notModified === false && declared.body).toBe(
      '<meta charset="windows-1252"><p>Cançó €',
    );
  });

  it.each(['big', 'big-chunked', 'bomb'])(
    'refuses a body over the cap (%s) as too-large',
    async (path) => {
      expect(
        await failure(fetchSource(`${server.origin}/${path}`, options({ maxBytes: 1000 }))),
      ).toMatchObject({ code: 'too-large' });
    },
  );

  it('reads a compressed body whose decompressed size is within the cap', async () => {
    const result = await fetchSource(`${server.origin}/gzip`, options({ maxBytes: PAGE.length }));
    expect(result.notModified === false && result.body.length).toBe(PAGE.length);
    expect(
      await failure(fetchSource(`${server.origin}/gzip`, options({ maxBytes: PAGE.length - 1 }))),
    ).toMatchObject({ code: 'too-large' });
  });

  it.each(['slow-headers', 'slow-body'])('gives up on %s at the deadline', async (path) => {
    expect(
      await failure(fetchSource(`${server.origin}/${path}`, options({ timeoutMs: 300 }))),
    ).toEqual({ code: 'timeout', detail: 'after 300 ms' });
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    const five = await fetchSource(`${server.origin}/r/5`, options());
    expect(five).toMatchObject({ body: 'fin', finalUrl: `${server.origin}/r/0` });
    expect(await failure(fetchSource(`${server.origin}/r/6`, options()))).toMatchObject({
      code: 'too-many-redirects',
    });
  });

  it('follows a redirect to another port when private networks are allowed', async () => {
    const target = encodeURIComponent(`${other.origin}/`);
    const result = await fetchSource(`${server.origin}/to/${target}`, options());
    expect(result).toMatchObject({ body: 'otro servidor', finalUrl: `${other.origin}/` });
  });

  it('answers a non-2xx status as http-status', async () => {
    expect(await failure(fetchSource(`${server.origin}/missing`, options()))).toEqual({
      code: 'http-status',
      detail: '404',
    });
  });
});

describe('fetchSource never connects where it must not', () => {
  it('refuses loopback without the operator setting, before any connection', async () => {
    const before = [server.connections(), other.connections()];
    const target = encodeURIComponent(`${other.origin}/`);
    const refused = await failure(
      fetchSource(`${server.origin}/to/${target}`, options({ allowPrivateNetworks: false })),
    );
    expect(refused).toEqual({
      code: 'private-address',
      detail: '127.0.0.1 → 127.0.0.1',
    });
    expect([server.connections(), other.connections()]).toEqual(before);
  });

  it('checks the addresses a name resolves to, and keeps the name as Host', async () => {
    const url = `http://localhost:${server.port}/r/0`;
    expect(await failure(fetchSource(url, options({ allowPrivateNetworks: false })))).toMatchObject(
      { code: 'private-address' },
    );
    const before = server.requests.length;
    const result = await fetchSource(url, options());
    expect(result).toMatchObject({ body: 'fin' });
    expect(server.requests.slice(before).map((request) => request.headers.host)).toEqual([
      `localhost:${server.port}`,
    ]);
  });

  it('refuses a redirect to the cloud metadata address even on a private network', async () => {
    const before = server.requests.length;
    const target = encodeURIComponent('http://169.254.169.254/latest/meta-data/');
    expect(
      await failure(fetchSource(`${server.origin}/to/${target}`, options({ timeoutMs: 5000 }))),
    ).toEqual({ code: 'forbidden-address', detail: '169.254.169.254 → 169.254.169.254' });
    expect(server.requests.length).toBe(before + 1);
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/', 'forbidden-address'],
    ['http://[::ffff:169.254.169.254]/', 'forbidden-address'],
    ['http://[fd00:ec2::254]/', 'forbidden-address'],
    ['http://[fe80::1]/', 'forbidden-address'],
    ['file:///etc/passwd', 'not-http'],
    ['ftp://ftp.example.com/agenda.ics', 'not-http'],
    ['http://user:secret@agenda.example/feed.ics', 'bad-address'],
    ['no es una dirección', 'bad-address'],
    ['http://no-such-host.invalid/feed.ics', 'dns-failed'],
  ])('refuses %s as %s, even with private networks allowed', async (url, code) => {
    expect(await failure(fetchSource(url, options({ timeoutMs: 5000 })))).toMatchObject({ code });
  });

  it('refuses a redirect to file:', async () => {
    const target = encodeURIComponent('file:///etc/passwd');
    expect(await failure(fetchSource(`${server.origin}/to/${target}`, options()))).toMatchObject({
      code: 'not-http',
    });
  });
});

describe('checkSourceAddress', () => {
  it('accepts what the fetch would fetch and refuses the rest with the same codes', async () => {
    await expect(checkSourceAddress(`${server.origin}/feed.ics`, true)).resolves.toBeUndefined();
    expect(await failure(checkSourceAddress(`${server.origin}/feed.ics`, false))).toMatchObject({
      code: 'private-address',
    });
    expect(await failure(checkSourceAddress('http://169.254.169.254/', true))).toMatchObject({
      code: 'forbidden-address',
    });
    expect(await failure(checkSourceAddress('ftp://agenda.example/', true))).toMatchObject({
      code: 'not-http',
    });
  });
});

describe('refusalOf', () => {
  it.each([
    ['8.8.8.8', null, null],
    ['2a00:1450:4003:80f::200e', null, null],
    ['127.0.0.1', 'private-address', null],
    ['10.1.2.3', 'private-address', null],
    ['172.16.0.1', 'private-address', null],
    ['172.32.0.1', null, null],
    ['192.168.1.10', 'private-address', null],
    ['100.64.0.1', 'private-address', null],
    ['0.0.0.0', 'private-address', null],
    ['224.0.0.1', 'private-address', null],
    ['::1', 'private-address', null],
    ['::', 'private-address', null],
    ['fc00::1', 'private-address', null],
    ['fd12:3456::1', 'private-address', null],
    ['ff02::1', 'private-address', null],
    ['::ffff:127.0.0.1', 'private-address', null],
    ['::ffff:7f00:1', 'private-address', null],
    ['::ffff:10.0.0.1', 'private-address', null],
    ['64:ff9b::c0a8:0101', 'private-address', null],
    ['169.254.169.254', 'forbidden-address', 'forbidden-address'],
    ['169.254.1.1', 'forbidden-address', 'forbidden-address'],
    ['100.100.100.200', 'forbidden-address', 'forbidden-address'],
    ['fe80::1', 'forbidden-address', 'forbidden-address'],
    ['fe80::1%eth0', 'forbidden-address', 'forbidden-address'],
    ['fd00:ec2::254', 'forbidden-address', 'forbidden-address'],
    ['::ffff:169.254.169.254', 'forbidden-address', 'forbidden-address'],
    ['::ffff:a9fe:a9fe', 'forbidden-address', 'forbidden-address'],
  ])('%s: %s without the setting, %s with it', (address, strict, allowed) => {
    expect(refusalOf(address, false)).toBe(strict);
    expect(refusalOf(address, true)).toBe(allowed);
  });
});
