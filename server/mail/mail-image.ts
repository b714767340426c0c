// A concert's picture as a mail shows it: an absolute address, with its pixel size when it is one
// of our uploads (another host's picture is not fetched to measure it).
import type { Config } from '../config/config.js';
import { uploadedImageSize } from '../uploads/image-size.js';
import type { MailImage } from './mail-template.js';

export async function mailImage(
  config: Pick<Config, 'dataDir' | 'publicUrl'>,
  imageUrl: string,
): Promise<MailImage> {
  const size = await uploadedImageSize(config.dataDir, imageUrl);
  return { url: new URL(imageUrl, `${config.publicUrl}/`).href, ...size };
}

/** Each row with its picture (`image`), when it has one (`image_url`). */
export function withMailImages<T extends { image_url: string | null }>(
  config: Pick<Config, 'dataDir' | 'publicUrl'>,
  rows: T[],
): Promise<(T & { image?: MailImage })[]> {
  return Promise.all(
    rows.map(async (row) =>
      row.image_url ? { ...row, image: await mailImage(config, row.image_url) } : row,
    ),
  );
}
