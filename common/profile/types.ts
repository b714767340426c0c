// The types of schemas.ts and responses.ts. Only type imports here: the client imports this
// file, and zod must stay out of its bundle.
import type { z } from 'zod';
import type {
  dataExportSchema,
  profileSchema,
  sessionSchema,
  sessionsResponseSchema,
} from './responses.js';
import type { onboardingSchema, profileUpdateSchema } from './schemas.js';

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type OnboardingInput = z.infer<typeof onboardingSchema>;

/** GET/PATCH /api/profile. */
export type ProfileDto = z.infer<typeof profileSchema>;

/** One of the signed-in fan's sessions (GET /api/profile/sessions). */
export type SessionDto = z.infer<typeof sessionSchema>;
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** GET /api/profile/export: the file 'Descargar mis datos' gives (everything held about the fan). */
export type DataExport = z.infer<typeof dataExportSchema>;
