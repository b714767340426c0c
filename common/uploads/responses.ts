// The answer of an upload, as a zod schema (the OpenAPI document is generated from it).
import { z } from 'zod';

export const uploadResponseSchema = z.object({ url: z.string() }).meta({ id: 'Upload' });
