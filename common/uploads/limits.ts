// Uploaded pictures, without zod: what the upload takes and which addresses are ours.
import { isHttpUrl } from '../text/url.js';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const UPLOAD_MAX_WIDTH = 1200;

/** Pictures we stored ourselves (POST /api/admin/uploads). */
export const UPLOADED_IMAGE_PATTERN = /^\/uploads\/[\w-]+\.webp$/;

/** An image address the forms accept: one of our uploads, or an http(s) URL. */
export const isImageUrl = (value: string) => UPLOADED_IMAGE_PATTERN.test(value) || isHttpUrl(value);
