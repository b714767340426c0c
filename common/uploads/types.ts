// The type of responses.ts, by a type-only import: zod stays out of the client's bundle.
import type { z } from 'zod';
import type { uploadResponseSchema } from './responses.js';

/** POST /api/admin/uploads. */
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
