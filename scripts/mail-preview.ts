// npm run mail:preview [-- DIR]: writes every mail the app sends, filled with sample data, as
// DIR/<mail>.html and DIR/<mail>.txt (DIR is .data/mail-preview unless given), to open in a
// browser: narrow the window to 320 px, or switch the system to dark mode, to see both layouts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { OutgoingMail } from '../server/mail/mailer.js';
import {
  concertChangeMail,
  emailVerificationMail,
  passwordResetMail,
  welcomeMail,
} from '../server/mail/templates.js';
import {
  submissionApprovedMail,
  submissionConfirmationMail,
  submissionRejectedMail,
} from '../server/submissions/submission-mails.js';
import { weeklyMail, type WeeklyConcert } from '../server/weekly-mail/weekly-mail.template.js';

const dir = path.resolve(process.argv[2] ?? '.data/mail-preview');
const site = 'http://localhost:3000';
const token = '#token=ejemplo';

/** Sample pictures beside the mails: a wide one and a tall one. */
const PICTURES = {
  'foto-horizontal.webp': { width: 1200, height: 800, background: '#c2410c' },
  'foto-vertical.webp': { width: 600, height: 900, background: '#15121f' },
};

function sample(id: number, overrides: Partial<WeeklyConcert>): WeeklyConcert {
  return {
    id,
    day: '2030-06-14',
    hour: '21:30',
    venue: 'Es Gremi',
    genre: 'Rock',
    price: '12',
    bandname: null,
    band_names: [],
    image_url: null,
    score: null,
    reason: null,
    ...overrides,
  };
}

const concerts: WeeklyConcert[] = [
  sample(1, {
    band_names: ['Tramuntana Blues'],
    genre: 'Blues',
    price: '0',
    image: { url: 'foto-horizontal.webp', ...PICTURES['foto-horizontal.webp'] },
    score: 'extreme',
    reason: '¡Es Tramuntana Blues, de tus favoritos!',
  }),
  sample(2, {
    day: '2030-06-20',
    venue: 'Auditòrium de Palma',
    genre: 'Jazz',
    price: '18.50',
    bandname: 'Quartet Llevant & <amigos>',
    image: { url: 'foto-vertical.webp', ...PICTURES['foto-vertical.webp'] },
    score: 'high',
    reason: 'Te encanta el jazz y esta sala.',
  }),
  sample(3, { band_names: ['Son Rock'], score: 'medium', reason: 'Puede sorprenderte.' }),
];

/** The weekly mail's reader: everything but the concerts. */
const fan = {
  to: 'marta@example.com',
  name: 'Marta',
  publicUrl: site,
  unsubscribeUrl: `${site}/unsubscribe?userId=ejemplo&token=ejemplo`,
  oneClickUrl: `${site}/api/unsubscribe?userId=ejemplo&token=ejemplo`,
  test: false,
};

const reviewed = { bandName: 'Son Rock', day: '2025-06-14', locale: null };
const change = { title: 'Tramuntana Blues', when: 'sábado, 14 de junio' };
const urls = {
  concerts: `${site}/myconcerts`,
  profile: `${site}/profile`,
  unsubscribe: {
    url: `${site}/unsubscribe?userId=ejemplo&list=changes&token=ejemplo`,
    oneClickUrl: `${site}/api/unsubscribe?userId=ejemplo&list=changes&token=ejemplo`,
  },
};
const mails: Record<string, OutgoingMail> = {
  semanal: weeklyMail({ ...fan, matches: concerts, nextConcerts: [] }),
  'semanal-sin-coincidencias': weeklyMail({
    ...fan,
    matches: [],
    nextConcerts: concerts.map((concert) => ({ ...concert, score: null, reason: null })),
  }),
  bienvenida: welcomeMail('a@example.com', site),
  'bienvenida-con-verificacion': welcomeMail(
    'a@example.com',
    site,
    `${site}/verificar-email${token}`,
  ),
  verificacion: emailVerificationMail('a@example.com', `${site}/verificar-email${token}`),
  'restablecer-contrasena': passwordResetMail('a@example.com', `${site}/update-password${token}`),
  'cambio-de-concierto': concertChangeMail(
    'a@example.com',
    change,
    {
      cancelled: false,
      lines: [
        { label: 'Sala', before: 'Es Gremi', after: 'Sala Rex' },
        { label: 'Hora', before: '21:30', after: '22:00' },
      ],
    },
    urls,
  ),
  'concierto-cancelado': concertChangeMail(
    'a@example.com',
    change,
    { cancelled: true, lines: [] },
    urls,
  ),
  'propuesta-confirmar': submissionConfirmationMail(
    'banda@example.com',
    `${site}/publica/confirmar${token}`,
    'es',
  ),
  'propuesta-aprobada': submissionApprovedMail(
    'banda@example.com',
    reviewed,
    `${site}/conciertos/3`,
  ),
  'propuesta-rechazada': submissionRejectedMail(
    'banda@example.com',
    reviewed,
    'El concierto es fuera de Mallorca.',
  ),
};

await mkdir(dir, { recursive: true });
for (const [file, { width, height, background }] of Object.entries(PICTURES)) {
  await sharp({ create: { width, height, channels: 3, background } })
    .webp()
    .toFile(path.join(dir, file));
}
for (const [name, mail] of Object.entries(mails)) {
  await writeFile(path.join(dir, `${name}.html`), mail.html);
  await writeFile(path.join(dir, `${name}.txt`), `Asunto: ${mail.subject}\n\n${mail.text}`);
}
console.log(`${Object.keys(mails).length} correos de ejemplo en ${dir}`);
