// What we learned from the fan, as the profile and the data export give it.
import type { LearnedTastesResponse } from '../../common/learning/dto.js';
import type { Locale } from '../../common/i18n/locales.js';
import { concertTitle } from '../calendar/calendar.dto.js';
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
            {
              band_names: source.concert.bandNames,
              bandname: source.concert.name,
              genre: source.concert.genre,
            },
            locale,
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
