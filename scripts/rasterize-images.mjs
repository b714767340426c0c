// Draws our SVG pictures as WebP files for the pages: every SVG <img> costs the page's main
// thread a document of its own, while a WebP is decoded off it. The SVGs stay the source (and logo.svg the favicon):
// after changing one, run `node scripts/rasterize-images.mjs` and commit the WebP files.
/* global Image, document -- page.evaluate runs in the browser */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const PUBLIC = new URL('../client/public/', import.meta.url);
/** Twice the largest size they are shown at (the header's 40 px logo, a 400 px wide card). */
const PICTURES = [
  { svg: 'logo.svg', webp: 'logo.webp', width: 128, height: 128 },
  { svg: 'default-concert.svg', webp: 'default-concert.webp', width: 800, height: 450 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
try {
  const page = await browser.newPage();
  for (const { svg, webp, width, height } of PICTURES) {
    const source = readFileSync(new URL(svg, PUBLIC), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ source, width, height }) => {
        const image = new Image();
        // Percent-encoded, not base64: btoa refuses the accents a Spanish label may carry.
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        // Cover the box, as the card's CSS does (object-fit: cover).
        const scale = Math.max(width / image.naturalWidth, height / image.naturalHeight);
        const drawnWidth = image.naturalWidth * scale;
        const drawnHeight = image.naturalHeight * scale;
        canvas
          .getContext('2d')
          .drawImage(
            image,
            (width - drawnWidth) / 2,
            (height - drawnHeight) / 2,
            drawnWidth,
            drawnHeight,
          );
        return canvas.toDataURL('image/webp', 0.85);
      },
      { source, width, height },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    writeFileSync(new URL(webp, PUBLIC), bytes);
    console.log(`${webp}: ${width}x${height}, ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}
