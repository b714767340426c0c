import type request from 'supertest';

/** Keeps the answer's body as the bytes that came: supertest would parse or drop some types. */
export function rawBody(req: request.Test): request.Test {
  return req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
}
