// What every answer of the API may be: the error body, a plain message, and the public settings.
// Response shapes are zod schemas (the OpenAPI document is generated from them); their types are
// in types.ts. Only schemas with a meta id become named components of the OpenAPI document.
import { z } from 'zod';

export const errorResponseSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string() }) })
  .meta({ id: 'Error', description: 'Toda respuesta de error; message en el idioma del lector' });

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'Message' });

export const publicConfigSchema = z
  .object({
    googleEnabled: z.boolean(),
    spotifyEnabled: z.boolean(),
    bandsFormUrl: z.string().nullable(),
    publicSiteUrl: z.string().nullable(),
    /** Where this app is reached (PUBLIC_URL): shared links point at its concert pages. */
    publicUrl: z.string().nullable(),
  })
  .meta({ id: 'PublicConfig' });
