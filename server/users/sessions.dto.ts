import type { SessionData } from 'express-session';
import type { SessionDto } from '../../common/profile/types.js';
import { SESSION_MAX_AGE_MS } from '../accounts/session.js';
import type { UserSessionRow } from './sessions.repository.js';

/** What a stored session tells about itself: the browser, the sign-in and the last request. */
export function describeSession(
  row: { sess: SessionData; expire: Date },
  current: boolean,
  now: Date,
): Omit<SessionDto, 'id'> {
  // The expiry is written at most hourly, so it dates the last request to the hour.
  const lastActive = current ? now : new Date(row.expire.getTime() - SESSION_MAX_AGE_MS);
  const signedIn = row.sess.authenticatedAt ?? row.sess.createdAt ?? 0;
  return {
    device: row.sess.device ?? 'Navegador desconocido',
    signedInAt: new Date(signedIn).toISOString(),
    lastActiveAt: lastActive.toISOString(),
    current,
  };
}

export function toSessionDto(
  row: UserSessionRow,
  publicId: string,
  current: boolean,
  now: Date,
): SessionDto {
  return { id: publicId, ...describeSession(row, current, now) };
}
