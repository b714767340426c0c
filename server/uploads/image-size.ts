// The pixel size of our own uploaded pictures (DATA_DIR/uploads), for og:image:width/height. A
// picture on another host is not fetched to measure it: its size stays unsaid.
import path from 'node:path';
import sharp from 'sharp';
import { uploadsDirOf } from './image-store.js';

export interface ImageSize {
  width: number;
  height: number;
}

/** Upload names are random and never reused, so a size once read never changes. */
const known = new Map<string, ImageSize | null>();
const MAX_KNOWN = 10_000;

const UPLOAD_PATH = /^\/uploads\/([a-f0-9]{32}\.webp)$/;

export async function uploadedImageSize(
  dataDir: string,
  imageUrl: string,
): Promise<ImageSize | undefined> {
  const file = UPLOAD_PATH.exec(imageUrl)?.[1];
  if (!file) return undefined;
  if (!known.has(file)) {
    let size: ImageSize | null = null;
    try {
      const { width, height } = await sharp(path.join(uploadsDirOf(dataDir), file)).metadata();
      if (width && height) size = { width, height };
    } catch {
      size = null; // a missing or unreadable file: the page still answers, without a size
    }
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(file, size);
  }
  return known.get(file) ?? undefined;
}
