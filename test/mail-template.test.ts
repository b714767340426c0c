// The one mail template (server/mail/mail-template.ts): responsive and dark-mode HTML, pictures
// with their size, every value escaped, and a plain-text part written from the same content.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { mailImage, withMailImages } from '../server/mail/mail-image';
import {
  MAIL_BRAND_LINE,
  MAIL_IMAGE_WIDTH,
  mailImageSize,
  renderMail,
  type MailContent,
} from '../server/mail/mail-template';
import compiled from '../server/mail/mail-template.compiled.json';
import { compileMailTemplate } from '../server/mail/mail-template.mjml';
import type { OutgoingMail } from '../server/mail/mailer';
import {
  concertChangeMail,
  emailVerificationMail,
  passwordResetMail,
  welcomeMail,
} from '../server/mail/templates';
import {
  submissionApprovedMail,
  submissionConfirmationMail,
  submissionRejectedMail,
} from '../server/submissions/submission-mails';
import type { MailConcert } from '../server/weekly-mail/matches.repository';
import { weeklyMail, type WeeklyConcert } from '../server/weekly-mail/weekly-mail.template';

const PUBLIC_URL = 'https://conciertos.example';

function concert(overrides: Partial<WeeklyConcert> = {}): WeeklyConcert {
  const row: MailConcert = {
    id: 7,
    day: '2030-06-12',
    hour: '21:30',
    venue: 'Es Gremi',
    genre: 'Blues',
    price: '0',
    bandname: null,
    band_names: ['Tramuntana Blues'],
    image_url: null,
    score: 'extreme',
    reason: '¡Es Tramuntana Blues, de tus favoritos!',
  };
  return { ...row, ...overrides };
}

const weekly = (matches: WeeklyConcert[], nextConcerts: WeeklyConcert[] = []) =>
  weeklyMail({
    to: 'marta@example.com',
    name: 'Marta',
    matches,
    nextConcerts,
    publicUrl: PUBLIC_URL,
    unsubscribeUrl: `${PUBLIC_URL}/unsubscribe?userId=u1&token=t1`,
    oneClickUrl: `${PUBLIC_URL}/api/unsubscribe?userId=u1&token=t1`,
    test: false,
  });

const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Every mail the app sends, one of each. */
function everyMail(): OutgoingMail[] {
  const day = { bandName: 'Son Rock', day: '2025-06-14', locale: null };
  return [
    weekly([concert()]),
    weekly([], [concert({ score: null, reason: null })]),
    welcomeMail('a@example.com', PUBLIC_URL),
    welcomeMail('a@example.com', PUBLIC_URL, `${PUBLIC_URL}/verificar-email#token=x`),
    emailVerificationMail('a@example.com', `${PUBLIC_URL}/verificar-email#token=x`),
    passwordResetMail('a@example.com', `${PUBLIC_URL}/update-password#token=x`),
    concertChangeMail(
      'a@example.com',
      { title: 'Son Rock', when: 'sábado, 14 de junio' },
      { cancelled: false, lines: [{ label: 'Sala', before: 'Es Gremi', after: 'Sala Rex' }] },
      {
        concerts: `${PUBLIC_URL}/myconcerts`,
        profile: `${PUBLIC_URL}/profile`,
        unsubscribe: {
          url: `${PUBLIC_URL}/unsubscribe?list=changes&token=t1`,
          oneClickUrl: `${PUBLIC_URL}/api/unsubscribe?list=changes&token=t1`,
        },
      },
    ),
    submissionConfirmationMail('b@example.com', `${PUBLIC_URL}/publica/confirmar#token=x`, 'es'),
    submissionApprovedMail('b@example.com', day, `${PUBLIC_URL}/conciertos/7`),
    submissionRejectedMail('b@example.com', day, 'Fuera de Mallorca.'),
  ];
}

describe("a submission's mails", () => {
  it('are written in the language its form was filled in, Spanish when none was kept', () => {
    const catalan = submissionApprovedMail(
      'b@example.com',
      { bandName: 'Son Rock', day: '2025-06-14', locale: 'ca' },
      `${PUBLIC_URL}/conciertos/7`,
    );
    expect(catalan.subject).toBe('El teu concert ja està publicat a Conciertos Mallorca');
    expect(catalan.text).toContain('Hem publicat el concert de Son Rock del dissabte, 14 de juny');
    const rejected = submissionRejectedMail(
      'b@example.com',
      { bandName: 'Son Rock', day: '2025-06-14', locale: null },
      'Fuera de Mallorca.',
    );
    expect(rejected.text).toContain(
      'Hemos revisado el concierto de Son Rock del sábado, 14 de junio',
    );
  });
});

describe('every mail shares the template', () => {
  it('is filled from what the MJML source compiles to (else: npm run mail:template)', async () => {
    expect(await compileMailTemplate()).toEqual(compiled);
  });

  it('is Spanish, light and dark, responsive, with the brand and nothing left unfilled', () => {
    for (const mail of everyMail()) {
      const { html, text } = mail;
      expect(html).toMatch(/^<!doctype html>\s*<html lang="es"/);
      expect(html).toContain('<meta name="color-scheme" content="light dark">');
      expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
      const dark = /@media \(prefers-color-scheme: dark\) \{(?:[^{}]*\{[^{}]*\})+/.exec(html)?.[0];
      expect(dark).toContain('.cm-card, .cm-card > table { background: #1d1a26 !important; }');
      expect(dark).toContain('.cm-text div { color: #f3f4f6 !important; }');
      expect(html).toMatch(/@media only screen and \(max-width:\s?479px\)/);
      expect(html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(html).toContain(MAIL_BRAND_LINE);
      expect(html).not.toMatch(/\{\{|\}\}|<mj-|cm:/);
      // The plain text is written, not stripped from the HTML.
      expect(text).not.toMatch(/<[a-z]/i);
      expect(text).toContain(MAIL_BRAND_LINE);
    }
  });

  it('keeps the texts, buttons and links each mail had', () => {
    const [welcome, verify] = [
      welcomeMail('a@example.com', PUBLIC_URL),
      welcomeMail('a@example.com', PUBLIC_URL, `${PUBLIC_URL}/verificar-email#token=x`),
    ];
    expect(welcome.subject).toBe('Bienvenido a Conciertos Mallorca 🎶');
    expect(welcome.html).toContain('¡Bienvenido a Conciertos Mallorca!');
    expect(welcome.html).toContain(`href="${PUBLIC_URL}/myconcerts"`);
    expect(welcome.text).toContain(`Tus conciertos: ${PUBLIC_URL}/myconcerts\n`);
    expect(welcome.text).not.toContain('verificar-email');
    expect(verify.html).toContain('Verificar mi email');
    expect(verify.text).toContain(`Verifica tu email: ${PUBLIC_URL}/verificar-email#token=x\n`);
    expect(verify.text).toContain(`Tus conciertos: ${PUBLIC_URL}/myconcerts`);

    const reset = passwordResetMail('a@example.com', `${PUBLIC_URL}/update-password#token=x`);
    expect(reset.html).toContain('Cambiar contraseña');
    expect(reset.text).toContain(
      `Establece tu nueva contraseña: ${PUBLIC_URL}/update-password#token=x\n`,
    );
  });
});

describe('the weekly mail', () => {
  it('says what it said, in HTML and in text, with the unsubscribe headers', () => {
    const mail = weekly([concert()]);
    expect(mail.subject).toBe('Tus conciertos de la semana en Mallorca 🎶');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('¡Hola, Marta!');
      expect(part).toContain(
        'Estos son los conciertos de los próximos 14 días que mejor encajan contigo:',
      );
      expect(part).toContain('Tienes todas tus recomendaciones en Mis conciertos.');
      expect(part).toContain('Recibes este correo porque estás suscrito a Conciertos Mallorca.');
      expect(part).toContain('miércoles, 12 de junio a las 21:30');
      expect(part).toContain('¡Imprescindible!');
    }
    expect(mail.html).toContain('Ver mis conciertos');
    expect(mail.html).toContain('Darme de baja');
    expect(mail.text).toContain(`Mis conciertos: ${PUBLIC_URL}/myconcerts`);
    expect(mail.text).toContain(
      `¿No quieres recibir más este correo? Date de baja: ${PUBLIC_URL}/unsubscribe?userId=u1&token=t1`,
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/unsubscribe?userId=u1&token=t1>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    const fallback = weekly([], [concert({ score: null, reason: null })]);
    expect(fallback.subject).toBe('Lo próximo en Mallorca 🎶');
    expect(fallback.text).toContain(
      'Esta semana no hemos encontrado conciertos que encajen con tus gustos, pero esto es lo próximo que suena en la isla:',
    );
    expect(fallback.text).toContain(
      'Actualiza tus géneros favoritos en tu perfil y afinaremos tus recomendaciones.',
    );
    expect(fallback.text).toContain(`Tu perfil: ${PUBLIC_URL}/profile`);
    expect(fallback.html).toContain(`href="${PUBLIC_URL}/profile"`);
    expect(weekly([concert()]).subject).not.toMatch(/Prueba/);
  });

  it("carries every concert's title, date, venue, reason and link in the plain text", () => {
    const concerts = [
      concert(),
      concert({
        id: 8,
        day: '2030-06-20',
        hour: '20:00',
        venue: 'Auditòrium de Palma',
        genre: 'Jazz',
        price: '18.50',
        band_names: [],
        bandname: 'Quartet Llevant',
        score: 'high',
        reason: 'Te encanta el jazz.',
      }),
      concert({ id: 9, band_names: [], genre: 'Pop', score: 'medium', reason: null }),
    ];
    const { text, html } = weekly(concerts);
    const blocks = text.split('\n\n');
    const expected = [
      [
        'Tramuntana Blues · miércoles, 12 de junio a las 21:30',
        'Es Gremi · Blues · Gratis',
        '¡Imprescindible!: ¡Es Tramuntana Blues, de tus favoritos!',
        `${PUBLIC_URL}/conciertos/7-tramuntana-blues-es-gremi-12-junio-2030`,
      ],
      [
        'Quartet Llevant · jueves, 20 de junio a las 20:00',
        'Auditòrium de Palma · Jazz · 18,50\u00a0€',
        'Muy recomendado: Te encanta el jazz.',
        `${PUBLIC_URL}/conciertos/8-quartet-llevant-auditorium-de-palma-20-junio-2030`,
      ],
      [
        'Concierto de Pop · miércoles, 12 de junio a las 21:30',
        'Es Gremi · Pop · Gratis',
        'Puede gustarte',
        `${PUBLIC_URL}/conciertos/9-es-gremi-12-junio-2030`,
      ],
    ].map((lines) => lines.join('\n'));
    for (const block of expected) expect(blocks).toContain(block);
    // In that order, and every concert linked to its own page in the HTML too.
    expect(expected.map((block) => text.indexOf(block))).toEqual(
      [...expected.map((block) => text.indexOf(block))].sort((a, b) => a - b),
    );
    expect(html).toContain(
      `href="${PUBLIC_URL}/conciertos/8-quartet-llevant-auditorium-de-palma-20-junio-2030"`,
    );
  });

  it('escapes what bands and fans wrote in the HTML, and leaves it as written in the text', () => {
    const evil = '<script>alert("x")</script> & Co';
    const mail = weeklyMail({
      to: 'marta@example.com',
      name: '<b>Marta</b>',
      matches: [concert({ band_names: [evil], venue: 'Sala "Rex" & <i>', reason: `${evil}'s` })],
      nextConcerts: [],
      publicUrl: PUBLIC_URL,
      unsubscribeUrl: `${PUBLIC_URL}/unsubscribe?userId=u1&token=t1`,
      oneClickUrl: `${PUBLIC_URL}/api/unsubscribe?userId=u1&token=t1`,
      test: true,
    });
    expect(mail.subject).toBe('[Prueba] Tus conciertos de la semana en Mallorca 🎶');
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<b>Marta');
    expect(mail.html).not.toContain('<i>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('Sala &quot;Rex&quot; &amp; &lt;i&gt;');
    expect(mail.html).toContain('¡Hola, &lt;b&gt;Marta&lt;/b&gt;!');
    expect(mail.html).toContain('&amp; Co&#39;s');
    expect(mail.html).toContain('unsubscribe?userId=u1&amp;token=t1');
    expect(mail.text).toContain(`${evil} · miércoles, 12 de junio a las 21:30`);
    expect(mail.text).toContain('Sala "Rex" & <i> · Blues · Gratis');
    expect(mail.text).toContain(`¡Imprescindible!: ${evil}'s`);
    expect(mail.text).toContain('¡Hola, <b>Marta</b>!');
  });
});

describe('pictures', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'cm-mail-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function upload(width: number, height: number): Promise<string> {
    const name = `${String(width).padStart(16, '0')}${String(height).padStart(16, '0')}.webp`;
    await mkdir(path.join(dataDir, 'uploads'), { recursive: true });
    await sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
      .webp()
      .toFile(path.join(dataDir, 'uploads', name));
    return `/uploads/${name}`;
  }

  it('draws our uploads with their own aspect, another host the box; every <img> with alt and size', async () => {
    const config = { dataDir, publicUrl: PUBLIC_URL };
    const wide = await upload(1200, 600);
    const tall = await upload(400, 800);
    const concerts = await withMailImages(config, [
      concert({ image_url: wide }),
      concert({ id: 8, image_url: tall, band_names: ['Son Rock'] }),
      concert({ id: 9, image_url: 'https://cdn.example/foto.jpg', band_names: ['Lejos'] }),
      concert({ id: 10, image_url: null, band_names: ['Sin Foto'] }),
    ]);
    expect(concerts[0]!.image).toEqual({ url: `${PUBLIC_URL}${wide}`, width: 1200, height: 600 });
    expect(concerts[2]!.image).toEqual({ url: 'https://cdn.example/foto.jpg' });
    expect(concerts[3]!.image).toBeUndefined();

    const { html } = weekly(concerts);
    const images = imgTags(html);
    expect(images).toHaveLength(3);
    for (const tag of images) {
      expect(Number(attr(tag, 'width'))).toBeGreaterThan(0);
      expect(Number(attr(tag, 'height'))).toBeGreaterThan(0);
      expect(attr(tag, 'alt')).toMatch(/^Imagen de /);
      // CSS scales it into a phone's column; the attributes are for clients without CSS.
      expect(tag).toMatch(/height:auto/);
    }
    expect(
      images.map((tag) => [attr(tag, 'src'), attr(tag, 'width'), attr(tag, 'height')]),
    ).toEqual([
      [`${PUBLIC_URL}${wide}`, String(MAIL_IMAGE_WIDTH), String(MAIL_IMAGE_WIDTH / 2)],
      [`${PUBLIC_URL}${tall}`, '184', '368'],
      ['https://cdn.example/foto.jpg', String(MAIL_IMAGE_WIDTH), '311'],
    ]);
    expect(attr(images[1]!, 'alt')).toBe('Imagen de Son Rock');
    expect(await mailImage(config, '/uploads/no-es-nuestra.webp')).toEqual({
      url: `${PUBLIC_URL}/uploads/no-es-nuestra.webp`,
    });
  });

  it('never draws a picture larger than it is, nor beyond the box', () => {
    expect(mailImageSize({ url: 'x', width: 200, height: 100 })).toEqual({
      width: 200,
      height: 100,
    });
    expect(mailImageSize({ url: 'x', width: 4000, height: 3000 })).toEqual({
      width: 491,
      height: 368,
    });
    expect(mailImageSize({ url: 'x' })).toEqual({ width: MAIL_IMAGE_WIDTH, height: 311 });
  });
});

describe('content the other mails will use', () => {
  it('draws a list of concerts with a band, no picture and no score, and an optional footer', () => {
    const content: MailContent = {
      title: 'Recordatorio',
      lines: ['Mañana tienes concierto.'],
      concerts: [
        {
          title: 'Noche de blues',
          band: 'Tramuntana Blues',
          date: 'sábado, 14 de junio a las 21:00',
          venue: 'Es Gremi',
          url: `${PUBLIC_URL}/conciertos/7`,
        },
      ],
    };
    const { html, text } = renderMail(content);
    expect(imgTags(html)).toEqual([]);
    expect(html).toContain('Tramuntana Blues');
    expect(html).not.toContain('Darme de baja');
    expect(text).toBe(
      [
        'Recordatorio',
        'Mañana tienes concierto.',
        `Noche de blues · sábado, 14 de junio a las 21:00\nTramuntana Blues\nEs Gremi\n${PUBLIC_URL}/conciertos/7`,
        MAIL_BRAND_LINE,
      ].join('\n\n') + '\n',
    );
  });
});
