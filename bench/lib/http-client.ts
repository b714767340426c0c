// Small HTTP helpers shared by the load benchmarks: signing a bench fan in, reading a body as it
// travels (fetch would decompress it), and percentiles of samples taken by hand.
import http from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { BENCH_PASSWORD, benchUserEmail } from '../dataset.js';

/**
 * Signs bench fan `index` in; the session cookie as `name=value`. Each fan from their own address
 * (X-Forwarded-For: start the app with TRUST_PROXY=1): the login limit counts per address.
 */
export async function signInBenchFan(base: string, index: number): Promise<string> {
  const address = `10.2.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`;
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email: benchUserEmail(index), password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login de ${benchUserEmail(index)}: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

export interface RawResponse {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** GET with exactly these headers; the body undecoded. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** Nearest-rank percentile; NaN for no samples. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

export const round = (value: number, digits = 1) => Number(value.toFixed(digits));
export const kb = (bytes: number) => round(bytes / 1024);

/** The machine's 1-minute load average with its core count: shared machines skew every figure. */
export function loadRow(label: string): { name: string; value: number; unit: string } {
  return {
    name: `${label}: load average (1 min) on ${availableParallelism()} cores`,
    value: round(loadavg()[0]!, 2),
    unit: 'load',
  };
}
