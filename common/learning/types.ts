// The types of common/learning/responses.ts, type-only so zod never reaches the client's bundle.
import type { z } from 'zod';
import type {
  adminLearningMoveSchema,
  adminLearningSchema,
  learnedForgetSchema,
  learnedSourceSchema,
  learnedTasteSchema,
  learnedTastesSchema,
} from './responses.js';

export type LearnedSourceDto = z.infer<typeof learnedSourceSchema>;
export type LearnedTasteDto = z.infer<typeof learnedTasteSchema>;
export type LearnedForgetDto = z.infer<typeof learnedForgetSchema>;
export type LearnedTastesResponse = z.infer<typeof learnedTastesSchema>;
export type AdminLearningDto = z.infer<typeof adminLearningSchema>;
export type AdminLearningMoveDto = z.infer<typeof adminLearningMoveSchema>;
