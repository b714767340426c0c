// What we learned from the fan, as the profile and the data export give it.
import { concertTitle } from '../../common/concerts/display.js';
import type { LearnedTastesResponse } from '../../common/learning/types.js';
import type { Locale } from '../../common/i18n/locales.js';
import { textsIn, untitledOfGenre } from '../i18n/intl.js';
import type { Forget, Lesson } from '../recommendations/learned-tastes.js';

export function toLearnedTastesDto(
  learned: { lessons: Lesson[]; forgets: Forget[] },
  locale: Locale,
): LearnedTastesResponse {
  return {
    tastes: learned.lessons.map((lesson) => ({
      kind: lesson.kind,
      key: lesson.key,
      name: lesson.label,
      direction: lesson.direction,
      signals: lesson.signals,
      weight: Number(lesson.weight.toFixed(3)),
      fadesAt: lesson.fadesAt.toISOString(),
      sources: lesson.sources.map((source) => ({
        concert: {
          id: source.concert.id,
          title: concertTitle(
            { bands: source.concert.bandNames, name: source.concert.name },
            { unnamed: () => untitledOfGenre(textsIn(locale), source.concert.genre) },
          ),
          day: source.concert.day,
        },
        signals: [...new Set(source.kinds)],
        at: source.at.toISOString(),
        value: source.value,
      })),
    })),
    forgotten: learned.forgets.map((forget) => ({
      kind: forget.kind,
      key: forget.key,
      at: forget.at.toISOString(),
    })),
  };
}
