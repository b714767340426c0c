/** The 18 fixed genres of the product, in the product's fixed order. */
export const GENRES = [
  'Pop',
  'Rock',
  'Indie',
  'Música Electrónica',
  'House',
  'Techno',
  'Reggaetón',
  'Hip-Hop',
  'R&B',
  'Funk',
  'Jazz',
  'Blues',
  'Flamenco',
  'Reggae',
  'Salsa',
  'Metal',
  'Punk',
  'Folk',
] as const;

export type Genre = (typeof GENRES)[number];

export function isGenre(value: string): value is Genre {
  return (GENRES as readonly string[]).includes(value);
}

export const SCORES = ['extreme', 'high', 'medium', 'low'] as const;
export type Score = (typeof SCORES)[number];

/** How a score reads for a fan, in the app and in mails: "🔥🔥🔥 Encaje muy alto". */
export const SCORE_VIEW = {
  extreme: { emoji: '🔥🔥🔥', label: 'muy alto' },
  high: { emoji: '🔥🔥', label: 'alto' },
  medium: { emoji: '🔥', label: 'medio' },
  low: { emoji: '😴', label: 'bajo' },
} as const satisfies Record<Score, { emoji: string; label: string }>;

export const FEEDBACK_VALUES = [-1, 0, 1] as const;
export type Feedback = (typeof FEEDBACK_VALUES)[number];

/** "el rock", "la salsa", "el R&B": genres as they read inside a Spanish sentence. */
export function withArticle(genre: string): string {
  const feminine = genre === 'Salsa' || genre === 'Música Electrónica';
  return `${feminine ? 'la' : 'el'} ${genre === 'R&B' ? genre : genre.toLowerCase()}`;
}

/** "del rock", "de la salsa". */
export const ofGenre = (genre: string) => `de ${withArticle(genre)}`.replace(/^de el /, 'del ');
