// The JSON about what we learned from the fan: the profile's list, the same in the data export,
// and the admin's counts of scores that learning moved. Types in common/learning/dto.ts.
import { z } from 'zod';

/** One concert a lesson comes from, with the fan's signals on it. */
export const learnedSourceSchema = z.object({
  concert: z.object({
    id: z.number().int(),
    /** As the app shows it: bands joined with ' + ', else its name, else 'Concierto de <genre>'. */
    title: z.string(),
    /** yyyy-MM-dd, Europe/Madrid. */
    day: z.string(),
  }),
  /** What the fan did: 👍 or 👎 (a genre's lesson), a like and/or a 'Voy' (a band's). */
  signals: z.array(z.enum(['thumbsDown', 'thumbsUp', 'liked', 'going'])),
  /** ISO 8601 instant: when the fan gave it (the later one, for a like and a 'Voy'). */
  at: z.string(),
  /** 1 or -1: for or against the lesson's direction (a 👍 weighs against a genre's 👎). */
  value: z.union([z.literal(1), z.literal(-1)]),
});

export const learnedTasteSchema = z.object({
  kind: z.enum(['genre', 'band']),
  /** What to send to forget it: the genre, or the band's name folded. */
  key: z.string(),
  /** The genre (one of the 18), or the band's name as written. */
  name: z.string(),
  /** 'down': a genre that comes down a level; 'up': a band that comes up to at least high. */
  direction: z.enum(['up', 'down']),
  /** Agreeing signals: 👎 for a genre, concerts liked or gone to for a band. */
  signals: z.number().int(),
  /** Their weight now (a signal weighs 1 when given and halves every 90 days). */
  weight: z.number(),
  /** ISO 8601 instant: when it stops counting if nothing else happens. */
  fadesAt: z.string(),
  /** Oldest first. */
  sources: z.array(learnedSourceSchema),
});

/** What the fan asked us to forget: 'all' when they redid their onboarding and chose so. */
export const learnedForgetSchema = z.object({
  kind: z.enum(['genre', 'band', 'all']),
  key: z.string(),
  at: z.string(),
});

export const learnedTastesSchema = z
  .object({
    tastes: z.array(learnedTasteSchema),
    forgotten: z.array(learnedForgetSchema),
  })
  .meta({ id: 'LearnedTastes' });

/** How often learning moved fans' scores in one direction, and what fans said of those scores. */
export const adminLearningMoveSchema = z.object({
  /** 'up': a band the fan keeps liking or going to; 'down': a genre they keep rating 👎. */
  direction: z.enum(['up', 'down']),
  /** Stored scores of upcoming concerts that learning moved this way. */
  scores: z.number().int(),
  /** 👍 and 👎 given in the window on scores learning moved this way. */
  thumbsUp: z.number().int(),
  thumbsDown: z.number().int(),
});

/** The admin's 'Lo que opinan los fans': how often learning changed a score, by direction. */
export const adminLearningSchema = z.object({
  /** Fans with at least one lesson that counts now. */
  fans: z.number().int(),
  moves: z.array(adminLearningMoveSchema),
});
