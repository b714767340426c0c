// The types of the sources' answers, derived from responses.ts with type-only imports (no zod in
// the client's bundle).
import type { z } from 'zod';
import type {
  importedEventSchema,
  missingConcertSchema,
  missingListSchema,
  skippedReasonSchema,
  sourceListSchema,
  sourceRunResultSchema,
  sourceRunSchema,
  sourceSchema,
  waitingApprovedSchema,
  waitingEventSchema,
  waitingPageSchema,
} from './responses.js';

export type SourceDto = z.infer<typeof sourceSchema>;
export type SourceRunDto = z.infer<typeof sourceRunSchema>;
export type SourceListResponse = z.infer<typeof sourceListSchema>;
export type SourceRunResult = z.infer<typeof sourceRunResultSchema>;
export type SkippedReasonDto = z.infer<typeof skippedReasonSchema>;
export type ImportedEventDto = z.infer<typeof importedEventSchema>;
export type WaitingEventDto = z.infer<typeof waitingEventSchema>;
export type WaitingPageResponse = z.infer<typeof waitingPageSchema>;
export type WaitingApprovedResponse = z.infer<typeof waitingApprovedSchema>;
export type MissingConcertDto = z.infer<typeof missingConcertSchema>;
export type MissingListResponse = z.infer<typeof missingListSchema>;
