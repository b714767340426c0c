// A local SMTP server (smtp-server) listening on a free port: what every mail peer of the tests
// and benches is built on; `onData` decides what becomes of each message.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ListeningSmtpServer {
  url: string;
  close(): Promise<void>;
}

export async function listenSmtp(
  onData: NonNullable<SMTPServerOptions['onData']>,
): Promise<ListeningSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    // The app's pooled SMTP connections stay open; do not wait 30 s for them on close.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData,
  });
  // A client killed mid-conversation (the kill -9 tests) resets its socket: that is expected.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
