// POST /api/admin/uploads (mounted by the admin router, behind the admin guard): one picture in the
// multipart field 'image'. `receiveImage` also reads the public submissions form (its text fields
// beside the picture), with the same picture limits.
import express, { type RequestHandler, type Router } from 'express';
import multer from 'multer';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../common/uploads/limits.js';
import type { UploadResponse } from '../../common/uploads/types.js';
import type { Config } from '../config/config.js';
import { AppError, badRequest, type ErrorText } from '../lib/errors.js';
import { NOT_AN_IMAGE, storeImage } from './image-store.js';
import { uploadResponseSchema } from '../../common/uploads/responses.js';
import { route } from '../lib/route.js';

// The field's name is code, quoted as such in both languages.
const MISSING_IMAGE: ErrorText = { id: 'error.upload.missingImage', values: { field: "'image'" } };
const TOO_LARGE = 'error.upload.tooLarge';
const FIELD_TOO_LARGE = 'error.upload.fieldTooLong';

/** Text fields that may come with the picture: how many, and the longest (bytes). */
export interface FieldLimits {
  fields: number;
  fieldSize: number;
}

/** Reads the multipart body into req.file (at most one picture) and req.body (the text fields). */
export function receiveImage(limits: FieldLimits = { fields: 5, fieldSize: 1024 }): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: limits.fields,
      fieldSize: limits.fieldSize,
      fieldNameSize: 100,
      parts: limits.fields + 1,
    },
    fileFilter: (_req, file, done) => {
      if ((UPLOAD_TYPES as readonly string[]).includes(file.mimetype)) done(null, true);
      else done(badRequest(NOT_AN_IMAGE));
    },
  }).single('image');
  // multer's own errors (English, no HTTP status) worded by us.
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof AppError) return next(error);
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') {
          return next(new AppError('too_large', 413, TOO_LARGE));
        }
        if (error.code === 'LIMIT_FIELD_VALUE') {
          return next(new AppError('too_large', 413, FIELD_TOO_LARGE));
        }
        if (error.code === 'LIMIT_FIELD_COUNT' || error.code === 'LIMIT_PART_COUNT') {
          return next(new AppError('too_large', 413, 'error.tooLarge'));
        }
        return next(badRequest(MISSING_IMAGE));
      }
      // A malformed multipart body.
      next(badRequest('error.upload.broken'));
    });
  };
}

export function uploadRouter(config: Config): Router {
  const router = express.Router();
  router.post(
    '/',
    receiveImage(),
    route(
      {
        summary: 'Subir una imagen (multipart, campo image); se guarda como webp',
        response: uploadResponseSchema,
        status: 201,
      },
      async (req, res) => {
        if (!req.file) throw badRequest(MISSING_IMAGE);
        const answer: UploadResponse = { url: await storeImage(config.dataDir, req.file.buffer) };
        res.status(201).json(answer);
      },
    ),
  );
  return router;
}
