// TRUST_PROXY: which proxies in front of the app Express trusts for the client's address. A hop
// count or addresses and networks, never "true" (see the problem text).
import { isIP } from 'node:net';
import type { z } from 'zod';

// Express's names for address ranges, usable in a TRUST_PROXY list.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const TRUST_PROXY_TRUE_PROBLEM =
  'no se admite "true": con "true" la app se fía de toda la cabecera X-Forwarded-For, cuyo primer ' +
  'valor escribe el propio cliente, que así elige su IP y esquiva los límites de intentos. Pon el ' +
  'número de proxies que hay delante de la app (p. ej. 1) o sus direcciones o redes ' +
  '(p. ej. 10.0.0.0/8 o loopback)';

const isProxyEntry = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) ? Number(bits) <= max : isIP(bits) === 4 && max === 32;
};

/** A hop count or addresses/CIDRs (Express "trust proxy"), never true: see the problem text. */
export function checkTrustProxy(value: string, ctx: z.RefinementCtx): void {
  const lower = value.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_PROBLEM });
    return;
  }
  if (lower === 'false' || lower === 'no' || /^\d+$/.test(value)) return;
  const wrong = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `"${wrong.join(', ')}" no es un número de proxies ni una dirección o red ` +
        '(p. ej. 1, o 10.0.0.0/8, 192.168.1.5, loopback)',
    });
  }
}

/** Already checked by checkTrustProxy: false, a hop count, or Express's comma-separated list. */
export function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || ['false', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
