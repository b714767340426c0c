// The fediverse's settings (server/federation/), a block of their own read by config.ts.
import { z } from 'zod';

const onOff = z.enum(['on', 'off', 'true', 'false', '']).optional();
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => ['true', '1', 'yes'].includes(value))
  .default(false);

export const federationEnvShape = {
  // on: the agenda can be followed from Mastodon and follows fediverse sources. Default: on where
  // PUBLIC_URL is https, off otherwise (development).
  FEDERATION: onOff,
  // Fedify fetches loopback and private addresses too (tests, a LAN); never in production.
  FEDERATION_ALLOW_PRIVATE_ADDRESS: flag,
};

export interface FederationConfig {
  enabled: boolean;
  allowPrivateAddress: boolean;
}

export function federationConfigOf(
  env: { FEDERATION?: string; FEDERATION_ALLOW_PRIVATE_ADDRESS: boolean },
  publicUrl: string,
): FederationConfig {
  const said = env.FEDERATION;
  const enabled =
    said === undefined || said === ''
      ? publicUrl.startsWith('https://')
      : ['on', 'true'].includes(said);
  return { enabled, allowPrivateAddress: env.FEDERATION_ALLOW_PRIVATE_ADDRESS };
}
