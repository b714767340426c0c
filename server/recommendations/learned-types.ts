// What the scoring rules read of a fan's lessons (learned-tastes.ts works them out): a leaf file,
// so engine.ts and verdict.ts can name these types without importing the computation.

/** What the scoring rules read of a lesson. */
export interface LearnedFact {
  label: string;
  signals: number;
}

/** A fan's lessons as the verdict reads them (verdict.ts). */
export interface LearnedTastes {
  /** By genre: the genres the fan keeps rating 👎. */
  genresDown: ReadonlyMap<string, LearnedFact>;
  /** By folded artist name: the bands whose concerts the fan keeps liking or going to. */
  bandsUp: ReadonlyMap<string, LearnedFact>;
}
