// No input may cost more than a few ms of CPU. Times the validation of hostile
// inputs against the old email pattern on the same shape. The budget is on the median: the p99 on
// a shared machine is mostly preemption and GC (a plain zod parse of a valid list, the
// last row, shows that floor).
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { registerSchema } from '../common/auth/schemas.js';
import { profileUpdateSchema } from '../common/profile/schemas.js';
import { isCommonPassword } from '../server/lib/password-policy.js';
import type { BenchResult } from './types.js';

const OLD_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Samples of `times` runs, sorted, after 20 unmeasured ones (the first calls compile the code). */
function samplesMs(times: number, work: () => unknown): number[] {
  for (let i = 0; i < 20; i += 1) work();
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;
const at = (sorted: number[], fraction: number) =>
  round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!);

function rowsOf(name: string, times: number, work: () => unknown): BenchResult[] {
  const sorted = samplesMs(times, work);
  const median = at(sorted, 0.5);
  return [
    {
      name: `${name}: median of ${times}`,
      value: median,
      unit: 'ms',
      budget: '<= 2',
      ok: median <= 2,
    },
    { name: `${name}: p99`, value: at(sorted, 0.99), unit: 'ms' },
  ];
}

export function run(): BenchResult[] {
  // Dots, then a character no address ends with: the old pattern tried every dot as the last one.
  const slow = `a@${'.'.repeat(59_997)}@`; // 60,000 characters
  const oldSlow = `a@${'.'.repeat(5_997)}@`; // 6,000: the 60,000 took ~12 s with the old pattern
  const nearMiss = `a@${'a.'.repeat(126)}`; // 254 characters: the longest the pattern may see
  // 49 good names and a NUL in the last: every item is read.
  const artists = Array.from(
    { length: 50 },
    (_, i) => `${'ñ'.repeat(98)}${i === 49 ? '\u0000' : i}`,
  );
  const valid = Array.from({ length: 50 }, (_, i) => `${'ñ'.repeat(98)}${i}`);
  const plainList = z.array(z.string().max(100));
  const oldSamples = samplesMs(3, () => OLD_EMAIL_PATTERN.test(oldSlow));
  return [
    ...rowsOf('register, 60,000-char email', 1000, () =>
      registerSchema.safeParse({ email: slow, password: 'x' }),
    ),
    ...rowsOf('register, 254-char near-miss email', 1000, () =>
      registerSchema.safeParse({ email: nearMiss, password: 'una-clave-9' }),
    ),
    ...rowsOf('profile, 50 artists of 100 chars, NUL in the last', 1000, () =>
      profileUpdateSchema.safeParse({ topArtists: artists }),
    ),
    ...rowsOf('common-password lookup, 72 bytes', 1000, () => isCommonPassword('Ñ'.repeat(36))),
    ...rowsOf('noise floor: plain zod, 50 valid strings', 1000, () => plainList.safeParse(valid)),
    {
      name: 'old email pattern, 6,000-char email (reference, median of 3)',
      value: at(oldSamples, 0.5),
      unit: 'ms',
    },
  ];
}
