// 'Fuentes' rendered on the server (the app's own components, test/helpers/render.ts): its place in
// the panel's navigation and its three pages, in the admin's language. Their data is read after
// hydration (the e2e spec test/e2e/sources.spec.ts drives them in a browser).
import { createTestApp } from './helpers/app.js';
import { builtClientDir } from './helpers/client-dir.js';
import { useTestDatabase } from './helpers/db.js';
import { appRenderer } from './helpers/render.js';
import { signedInAgent } from './helpers/session.js';

const database = useTestDatabase({ cleared: ['users', 'rate_limits'] });
const clientDir = builtClientDir('<title>Conciertos Mallorca</title>');

describe('the sources’ pages of the admin', () => {
  it('render under /admin/fuentes, marked in the navigation, in Spanish and Catalan', async () => {
    const app = createTestApp({ database, clientDir, render: await appRenderer() }).app;
    const { agent } = await signedInAgent(app, database.db, { is_admin: true });

    const spanish = await agent.get('/admin/fuentes').expect(200);
    expect(spanish.text).toMatch(/aria-current="page"[^>]*>Fuentes<\/a>/);
    expect(spanish.text).toContain('<nav class="admin-nav admin-nav--parts" aria-label="Partes');
    expect(spanish.text).toMatch(/<h2[^>]*>Fuentes de conciertos<\/h2>/);
    expect(spanish.text).toContain('Revisar antes de publicar');
    expect(spanish.text).toContain('Añadir fuente');

    const catalan = await agent.get('/admin/fuentes/revision').set('Cookie', 'lang=ca').expect(200);
    expect(catalan.text).toMatch(/<h2[^>]*>Esdeveniments importats per revisar<\/h2>/);
    expect(catalan.text).toMatch(/aria-current="page"[^>]*>Per revisar<\/a>/);
    expect(catalan.text).not.toContain('Fuentes');

    const missing = await agent.get('/admin/fuentes/desaparecidos').expect(200);
    expect(missing.text).toMatch(/<h2[^>]*>Conciertos que su fuente ya no anuncia<\/h2>/);
  });
});
