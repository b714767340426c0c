// What the profile sends about what we learned from the fan (docs/decisions/0027): which lesson to
// forget, and, when the onboarding is done again, whether what was learned stays. Server
// validation and the OpenAPI document's source.
import { z } from 'zod';
import { msg } from '../text/schemas.js';

/** A band's name as lessons key it (folded); genres are far shorter. */
export const LEARNED_KEY_MAX = 200;

export const LEARNED_KINDS = ['genre', 'band'] as const;
export type LearnedKind = (typeof LEARNED_KINDS)[number];

/** 'keep': what was learned stays; 'forget': it is forgotten with the old tastes. */
export const LEARNED_CHOICES = ['keep', 'forget'] as const;
export type LearnedChoice = (typeof LEARNED_CHOICES)[number];

export const forgetLearnedSchema = z
  .strictObject({
    kind: z.enum(LEARNED_KINDS, { error: msg('error.learned.kind') }),
    key: z
      .string({ error: msg('error.learned.key') })
      .trim()
      .min(1, msg('error.learned.key'))
      .max(LEARNED_KEY_MAX, msg('error.learned.key')),
  })
  .meta({ id: 'ForgetLearned' });

/** The onboarding's choice about what was learned (common/schemas.ts onboardingSchema). */
export const learnedChoiceSchema = z.enum(LEARNED_CHOICES, { error: msg('error.learned.choice') });

export type ForgetLearnedInput = z.infer<typeof forgetLearnedSchema>;
