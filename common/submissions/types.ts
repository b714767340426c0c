// The types of the submissions' schemas (schemas.ts, responses.ts), by type-only imports so zod
// stays out of the public page's bundle.
import type { z } from 'zod';
import type { messageResponseSchema } from '../api/responses.js';
import type {
  submissionFormResponseSchema,
  submissionListResponseSchema,
  submissionReviewResponseSchema,
  submissionSchema,
  submissionVenueSchema,
} from './responses.js';
import type { submissionEditSchema, submissionFormSchema } from './schemas.js';

export type SubmissionFormInput = z.infer<typeof submissionFormSchema>;
export type SubmissionEditInput = z.infer<typeof submissionEditSchema>;

/** A venue of the public form's list. */
export type SubmissionVenueDto = z.infer<typeof submissionVenueSchema>;

/** GET /api/submissions/form: the signed token to send back and the venues to pick from. */
export type SubmissionFormResponse = z.infer<typeof submissionFormResponseSchema>;

/** 201 of POST /api/submissions. */
export type SubmissionCreatedResponse = z.infer<typeof messageResponseSchema>;

/** One submission as the moderation queue shows it (`submissionSchema`). */
export type SubmissionDto = z.infer<typeof submissionSchema>;

export type SubmissionListResponse = z.infer<typeof submissionListResponseSchema>;

/** Approve, reject and spam: what happened, and the concert made by an approval. */
export type SubmissionReviewResponse = z.infer<typeof submissionReviewResponseSchema>;
