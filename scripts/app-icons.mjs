// The installed app's icons, drawn from client/public/logo.svg with sharp: after changing the logo,
// run `node scripts/app-icons.mjs` and commit the PNG files it writes to client/public.
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = new URL('../client/public/', import.meta.url);
/** The logo's own background and the manifest's theme colour, for icons without transparency. */
const NIGHT = '#15121f';
const logo = fileURLToPath(new URL('logo.svg', PUBLIC));

/** The logo at `size`; with `logoShare` (its share of the side), on `NIGHT` filling the square. */
async function icon(file, size, logoShare) {
  const drawn = Math.round(size * (logoShare ?? 1));
  // density: the SVG's 64 px drawn sharp at `drawn` px rather than scaled up from 64.
  const picture = await sharp(logo, { density: (72 * drawn) / 64 })
    .resize(drawn, drawn)
    .png()
    .toBuffer();
  const output =
    logoShare === undefined
      ? sharp(picture)
      : sharp({ create: { width: size, height: size, channels: 4, background: NIGHT } }).composite([
          { input: picture, gravity: 'centre' },
        ]);
  const { width, height } = await output
    .png({ compressionLevel: 9 })
    .toFile(fileURLToPath(new URL(file, PUBLIC)));
  console.log(`${file}: ${width}x${height}`);
}

await icon('icon-192.png', 192);
await icon('icon-512.png', 512);
// Maskable: launchers crop to a shape of their own inside the centre 80 %, so the logo keeps to it.
await icon('icon-maskable-512.png', 512, 0.625);
// iOS fills transparency with black and rounds the corners itself: the corners get the night.
await icon('apple-touch-icon.png', 180, 1);
