import type { Request } from 'express';
import { viaAdminToken } from '../auth/require-admin.js';
import { API_ACTOR, type Actor } from './audit.js';

/** Who the audit log names: the signed-in admin, or the API token (requireAdmin ran before). */
export const actorOf = (req: Request): Actor =>
  req.user?.is_admin && req.res && !viaAdminToken(req.res)
    ? { id: req.user.user_id, label: req.user.email }
    : API_ACTOR;
