import type { SessionDto } from '../../common/dto.js';
import { SESSION_MAX_AGE_MS } from '../auth/session.js';
import type { UserSessionRow } from './sessions.repository.js';

export function toSessionDto(
  row: UserSessionRow,
  publicId: string,
  current: boolean,
  now: Date,
): SessionDto {
  // The expiry is written at most hourly, so it dates the last request to the hour.
  const lastActive = current ? now : new Date(row.expire.getTime() - SESSION_MAX_AGE_MS);
  const signedIn = row.sess.authenticatedAt ?? row.sess.createdAt ?? 0;
  return {
    id: publicId,
    device: row.sess.device ?? 'Navegador desconocido',
    signedInAt: new Date(signedIn).toISOString(),
    lastActiveAt: lastActive.toISOString(),
    current,
  };
}
