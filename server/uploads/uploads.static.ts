// GET /uploads/<file>.webp: stored admin pictures. Names are random and never rewritten, so a
// year of immutable caching is safe.
import express, { type Router } from 'express';
import { textsIn, requestLocale } from '../i18n/intl.js';
import { describedAs } from '../lib/route.js';
import { uploadsDirOf } from './image-store.js';

export function uploadsStatic(dataDir: string): Router {
  const router = express.Router();
  // Described for the OpenAPI document; the files below answer.
  router.get(
    '/:file',
    describedAs({
      summary: 'Una imagen subida desde el panel (las direcciones /uploads/… de imageUrl)',
      response: 'Imagen WebP',
      contentType: 'image/webp',
      also: {
        404: { description: 'No hay ninguna imagen con ese nombre', contentType: 'text/plain' },
      },
    }),
  );
  router.use(
    express.static(uploadsDirOf(dataDir), {
      immutable: true,
      maxAge: '365d',
      index: false,
      dotfiles: 'deny',
      redirect: false,
    }),
  );
  // A missing picture is a plain 404, not the SPA's index.html (no session here: no saved choice).
  router.use((req, res) => {
    const locale = requestLocale(req.originalUrl, req.headers);
    res.status(404).type('text').send(textsIn(locale)('error.image.notFound'));
  });
  return router;
}
