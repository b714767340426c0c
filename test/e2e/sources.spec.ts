// An admin follows a venue's calendar: adds it in /admin/fuentes, imports it at once, reads the
// counts, and publishes the event that waits for its hour, which then has its own concert page.
// The calendar is served by a real HTTP server on 127.0.0.1, started here (the e2e server allows
// private networks to the importer: start-server.mjs).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './helpers/test';
import { futureDay, seedVenue } from './helpers/concerts';
import { useSignedInAdmin } from './helpers/users';

const suffix = Date.now().toString(36);
const WITH_HOUR = `Mar Endins ${suffix}`;
const ALSO_WITH_HOUR = `Les Ones ${suffix}`;
const WITHOUT_HOUR = `Nit Sense Hora ${suffix}`;
const PAST = `Ja Passat ${suffix}`;

const icsDay = (day: string) => day.replaceAll('-', '');

/** A venue's calendar: two concerts with their hour, one all-day (it waits for it), one past. */
function calendar(): string {
  const event = (uid: string, start: string, summary: string) =>
    [
      'BEGIN:VEVENT',
      `UID:${uid}-${suffix}@sala.example`,
      'DTSTAMP:20250101T000000Z',
      start,
      `SUMMARY:${summary}`,
      'CATEGORIES:Rock',
      'END:VEVENT',
    ].join('\r\n');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sala E2E//Agenda//ES',
    event('a', `DTSTART;TZID=Europe/Madrid:${icsDay(futureDay(12))}T213000`, WITH_HOUR),
    event('b', `DTSTART;TZID=Europe/Madrid:${icsDay(futureDay(13))}T220000`, ALSO_WITH_HOUR),
    event('c', `DTSTART;VALUE=DATE:${icsDay(futureDay(14))}`, WITHOUT_HOUR),
    event('d', `DTSTART;TZID=Europe/Madrid:${icsDay(futureDay(-20))}T210000`, PAST),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let server: http.Server;
let feedUrl = '';

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url !== '/agenda.ics') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
    response.end(calendar());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agenda.ics`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The importer's tick queues due sources every five minutes: stay clear of the next one. */
async function awayFromTheTick(page: Page) {
  const toTick = 300_000 - (Date.now() % 300_000);
  if (toTick < 40_000) await page.waitForTimeout(toTick + 5_000);
}

test.describe('concerts imported from a venue’s calendar', () => {
  const adminPage = useSignedInAdmin('admin-sources');

  test('an admin adds a calendar, imports it, and publishes the event that lacked its hour', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const page = await adminPage(browser);
    const venueName = `Sala Fonts ${suffix}`;
    await seedVenue(page, venueName);

    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Secciones del panel' })
      .getByRole('link', { name: 'Fuentes' })
      .click();
    await expect(page).toHaveURL(/\/admin\/fuentes$/);
    const section = page.getByRole('region', { name: 'Fuentes de conciertos' });
    // A fresh e2e database has no sources: the list says how to start.
    await expect(
      section.getByText(
        'Aún no hay fuentes. Añade la dirección del calendario o de la página de una sala.',
      ),
    ).toBeVisible();

    await awayFromTheTick(page);
    const form = section.getByRole('form', { name: 'Añadir fuente' });
    await form.getByLabel('Dirección del calendario (.ics) o de la página').fill(feedUrl);
    await form.getByLabel('Nombre de la fuente').fill(`Agenda ${venueName}`);
    await form.getByLabel('Sala por defecto (opcional)').fill(venueName);
    await form.getByLabel('Género por defecto (opcional)').selectOption('Rock');
    await expect(form.getByLabel('Revisar antes de publicar')).toBeChecked();
    await form.getByRole('button', { name: 'Añadir fuente' }).click();
    await expect(form.getByText('Fuente añadida', { exact: false })).toBeVisible();

    const row = section.getByRole('listitem', { name: `Agenda ${venueName}` });
    await expect(row.getByText('Todavía no se ha importado.')).toBeVisible();
    await expect(row.getByText(`Sala por defecto: ${venueName}`, { exact: false })).toBeVisible();
    await row.getByRole('button', { name: 'Importar ahora' }).click();
    const counts =
      '4 encontrados · 0 nuevos · 0 actualizados · 0 sin cambios · 3 por revisar · 1 omitidos';
    await expect(row.getByRole('status')).toContainText(`Importación terminada: ${counts}.`);
    // The row reads the run back: its counts, and why the past one was skipped, by name.
    await expect(row.getByText(new RegExp(`\\(a mano\\): ${counts}`))).toBeVisible();
    await expect(row.getByText(`ya pasados: 1 (p. ej. ${PAST})`)).toBeVisible();
    await row.getByRole('link', { name: '3 eventos por revisar' }).click();

    await expect(page).toHaveURL(/\/admin\/fuentes\/revision$/);
    const waiting = page.getByRole('region', { name: 'Eventos importados por revisar' });
    const event = waiting.getByRole('listitem', { name: WITHOUT_HOUR });
    await expect(
      event.getByText('Espera porque la fuente no dice la hora: indícala.'),
    ).toBeVisible();
    await expect(
      waiting
        .getByRole('listitem', { name: WITH_HOUR })
        .getByText('Espera porque su fuente se revisa antes de publicar.'),
    ).toBeVisible();
    const said = event.getByRole('definition');
    await expect(said.filter({ hasText: 'no la dice (todo el día)' })).toBeVisible();

    // Nothing filled in: the server says what it lacks, in Spanish.
    const approval = event.getByRole('form', { name: `Publicar ${WITHOUT_HOUR}` });
    await expect(approval.getByLabel('Sala', { exact: true })).toHaveValue(venueName);
    await approval.getByRole('button', { name: 'Aprobar y publicar' }).click();
    await expect(event.getByRole('status')).toContainText(
      'Error al publicar: El evento no tiene hora: indica la hora del concierto.',
    );
    await approval.getByLabel('Hora del concierto').fill('20:30');
    await approval.getByLabel('Precio (€, 0 si es gratis)').fill('12');
    await approval.getByRole('button', { name: 'Aprobar y publicar' }).click();

    await expect(waiting.getByText(/Concierto publicado con ID: \d+/)).toBeVisible();
    await expect(waiting.getByRole('listitem', { name: WITHOUT_HOUR })).toHaveCount(0);
    await expect(waiting.getByText('2 eventos esperan')).toBeVisible();
    await waiting.getByRole('link', { name: 'Ver el concierto' }).click();

    await expect(page).toHaveURL(/\/conciertos\/\d+-/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(WITHOUT_HOUR);
    await expect(page.getByText(venueName).first()).toBeVisible();
    await expect(page.getByText('20:30').first()).toBeVisible();
    const concertPage = page.url();

    // The overview counts what still waits and leads there; the source pauses, resumes, and goes
    // only when the admin confirms.
    await page.goto('/admin');
    await expect(
      page.getByRole('link', { name: '2 eventos importados por revisar' }),
    ).toBeVisible();
    await page.goto('/admin/fuentes/desaparecidos');
    await expect(
      page.getByText('Ningún concierto próximo ha desaparecido de su fuente.'),
    ).toBeVisible();
    await page.goto('/admin/fuentes');
    await row.getByRole('button', { name: 'Pausar' }).click();
    await expect(row.getByText('En pausa', { exact: true })).toBeVisible();
    await expect(row.getByText('En pausa por decisión de un administrador.')).toBeVisible();
    await row.getByRole('button', { name: 'Reanudar' }).click();
    await expect(row.getByRole('status')).toContainText('Fuente reanudada');
    await row.getByRole('button', { name: 'Borrar' }).click();
    await expect(row.getByText('¿Borrar esta fuente?', { exact: false })).toBeVisible();
    await row.getByRole('button', { name: 'Sí, borrar' }).click();
    await expect(section.getByRole('listitem', { name: `Agenda ${venueName}` })).toHaveCount(0);
    await expect(
      section.getByText(
        'Aún no hay fuentes. Añade la dirección del calendario o de la página de una sala.',
      ),
    ).toBeVisible();
    // Its concert stays.
    expect((await page.request.get(concertPage)).status()).toBe(200);
    await page.context().close();
  });
});
