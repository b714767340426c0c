// The import pipeline's settings (server/sources/), a block of their own read by config.ts.
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => ['true', '1', 'yes'].includes(value))
  .default(false);

export const importEnvShape = {
  // Hours between two scheduled runs of one source.
  IMPORT_INTERVAL_HOURS: z.coerce.number().int().min(1).max(168).default(6),
  // Failed runs in a row after which a source pauses itself.
  IMPORT_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  // Sources on loopback, private and unique-local addresses (a LAN, tests); never link-local.
  IMPORT_ALLOW_PRIVATE_NETWORKS: flag,
};

export interface ImportConfig {
  intervalHours: number;
  maxFailures: number;
  allowPrivateNetworks: boolean;
}

type ImportEnv = { [K in keyof typeof importEnvShape]: z.output<(typeof importEnvShape)[K]> };

export const importConfigOf = (env: ImportEnv): ImportConfig => ({
  intervalHours: env.IMPORT_INTERVAL_HOURS,
  maxFailures: env.IMPORT_MAX_FAILURES,
  allowPrivateNetworks: env.IMPORT_ALLOW_PRIVATE_NETWORKS,
});
