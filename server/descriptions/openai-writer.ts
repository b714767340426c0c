// Descriptions written by the AI through the openai SDK. The prompt is built here from the
// concert's own data (no free text from a request reaches it); any failure falls back to the
// template text, so the admin's action always completes.
import { aiFallbacks } from '../lib/metrics.js';
import { AiUnavailableError, createAiGate, type AiGate } from '../ai/ai-gate.js';
import type { Logger } from '../lib/logger.js';
import { createOpenAiClient, describeFailure } from '../ai/openai-guards.js';
import { systemClock } from '../lib/time.js';
import type { ConcertToDescribe, DescriptionLength } from './concerts-to-describe.repository.js';
import { templateLong, templateShort, whoPlays } from './template-writer.js';
import { concertDay, concertPrice } from '../../common/concerts/display.js';
import { genreIn } from '../i18n/intl.js';
import type { Locale } from '../../common/i18n/locales.js';
import { textsIn } from '../i18n/intl.js';

export interface DescriptionWriter {
  name: 'template' | 'openai';
  write(concert: ConcertToDescribe, length: DescriptionLength, locale: Locale): Promise<string>;
}

export const templateWriter: DescriptionWriter = {
  name: 'template',
  write: (concert, length, locale) =>
    Promise.resolve(
      length === 'short' ? templateShort(concert, locale) : templateLong(concert, locale),
    ),
};

const MAX_CHARS = { short: 300, long: 1500 };
/** One retry: the admin waits for the answer. */
const MAX_RETRIES = 1;

/** The language the text is asked in, and how its concert's hour reads in it. */
const TEXT_LANGUAGE: Record<Locale, { name: string; at: string }> = {
  es: { name: 'español de España', at: 'a las' },
  ca: { name: 'catalán, con las formas baleares de Mallorca', at: 'a les' },
};

function buildDescriptionMessages(
  concert: ConcertToDescribe,
  length: DescriptionLength,
  locale: Locale,
) {
  const language = TEXT_LANGUAGE[locale];
  const size =
    length === 'short'
      ? 'Escribe UNA sola frase (máximo 25 palabras).'
      : 'Escribe un párrafo de 3 o 4 frases.';
  return [
    {
      role: 'system' as const,
      content:
        'Eres el redactor de Conciertos Mallorca, una agenda de conciertos en Mallorca. Escribes en ' +
        `${language.name}, con un tono cercano y natural, sin inventar datos que no se te den, sin ` +
        'emojis, sin comillas y sin títulos. Responde solo con la descripción.',
    },
    {
      role: 'user' as const,
      content: [
        `Describe este concierto para la agenda. ${size}`,
        `Artistas: ${whoPlays(concert, locale)}`,
        `Género: ${genreIn(textsIn(locale), concert.genre)}`,
        `Sala: ${concert.venue}`,
        `Fecha: ${concertDay(locale, concert.day)} ${language.at} ${concert.hour}`,
        `Precio: ${concertPrice(locale, concert.price, textsIn(locale))}`,
      ].join('\n'),
    },
  ];
}

export function createOpenAiWriter(options: {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
  log: Logger;
  /** The process's breaker and daily budget, shared with the recommendation engine. */
  gate?: AiGate;
}): DescriptionWriter {
  const client = createOpenAiClient(options);
  const gate = options.gate ?? createAiGate({ clock: systemClock, log: options.log });
  return {
    name: 'openai',
    async write(concert, length, locale) {
      try {
        const messages = buildDescriptionMessages(concert, length, locale);
        const completion = await gate.call(
          (signal) =>
            client.chat.completions.create({ model: options.model, messages }, { signal }),
          { maxRetries: MAX_RETRIES },
        );
        const text = (completion.choices?.[0]?.message?.content ?? '').trim();
        if (text.length < 10) throw new Error('respuesta vacía');
        return text.slice(0, MAX_CHARS[length]);
      } catch (error) {
        aiFallbacks.inc({ use: 'descriptions' });
        if (error instanceof AiUnavailableError) {
          return templateWriter.write(concert, length, locale);
        }
        options.log.warn(
          { ...describeFailure(error, options.apiKey), concertId: concert.id, locale },
          'La IA no pudo escribir la descripción; se usa la plantilla',
        );
        return templateWriter.write(concert, length, locale);
      }
    },
  };
}
