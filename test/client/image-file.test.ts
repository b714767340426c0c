// The picture check both the admin image field and /publica make before sending
// (client/src/lib/imageFile.ts): the server's types and size limit, in the same Spanish words.
import { UPLOAD_MAX_BYTES } from '../../common/uploads/limits';
import es from '../../common/i18n/es.json';
import { imageFileProblem } from '../../client/src/lib/imageFile';

const problemIn = (file: File) => {
  const id = imageFileProblem(file);
  return id && es[id];
};

const fileOf = (type: string, size: number) => new File([new Uint8Array(size)], 'cartel', { type });

describe('imageFileProblem', () => {
  it('accepts a JPEG, PNG or WebP up to the size limit', () => {
    expect(imageFileProblem(fileOf('image/jpeg', 10))).toBeNull();
    expect(imageFileProblem(fileOf('image/png', UPLOAD_MAX_BYTES))).toBeNull();
    expect(imageFileProblem(fileOf('image/webp', 1))).toBeNull();
  });

  it('refuses another type, then a picture one byte too large', () => {
    expect(problemIn(fileOf('image/gif', 10))).toBe(
      'El archivo debe ser una imagen JPEG, PNG o WebP.',
    );
    expect(problemIn(fileOf('image/png', UPLOAD_MAX_BYTES + 1))).toBe(
      'La imagen no puede pesar más de 5 MB.',
    );
  });
});
