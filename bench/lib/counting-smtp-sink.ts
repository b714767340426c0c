// An SMTP server (smtp-server) that only counts and drains what it receives: no parsing, so the
// sink costs as little as possible. It runs in the benchmark's own process, so its CPU and memory
// are part of what the benchmark measures.
import { listenSmtp } from '../../test/helpers/smtp-server.js';

export interface CountingSmtpSink {
  url: string;
  /** Messages accepted (DATA finished with a 250). */
  readonly received: number;
  /** Bytes of message data drained. */
  readonly bytes: number;
  /** Messages per recipient address (lower case); empty unless started with `byRecipient`. */
  readonly byRecipient: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** `byRecipient` also counts messages per address (a map entry per recipient: memory). */
export async function startCountingSmtpSink(
  options: { byRecipient?: boolean } = {},
): Promise<CountingSmtpSink> {
  let received = 0;
  let bytes = 0;
  const byRecipient = new Map<string, number>();
  const server = await listenSmtp((stream, session, callback) => {
    stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
    stream.on('end', () => {
      received += 1;
      if (options.byRecipient) {
        for (const { address } of session.envelope.rcptTo) {
          const key = address.toLowerCase();
          byRecipient.set(key, (byRecipient.get(key) ?? 0) + 1);
        }
      }
      callback();
    });
    stream.on('error', (error: Error) => callback(error));
  });
  return {
    url: server.url,
    get received() {
      return received;
    },
    get bytes() {
      return bytes;
    },
    byRecipient,
    close: () => server.close(),
  };
}
