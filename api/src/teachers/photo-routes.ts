import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { DomainError, errorResponses, idParamsSchema, PHOTO, photoAnswerSchema, photoParamsSchema } from '@parliamo/domain';
import { PHOTO_NAME, PhotoRefused, photoByHash, processPhoto, removePhoto, savePhoto } from './photos.ts';
import { isTeacher } from './queries.ts';

/** A year: the address changes with the photo's content, so an address always means the same bytes. */
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The bytes of the one file of an upload form, in the field `photo`; refused with a message when the form
 * has no file, another field, or more than one part (the whole form is read, so a second file is seen).
 */
async function onePhoto(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (bytes !== undefined) throw new PhotoRefused(400, PHOTO.messages.oneAtATime);
      if (part.type !== 'file' || part.fieldname !== PHOTO.field) {
        (part as MultipartFile).file?.resume(); // drained, so the answer is not held by an unread body
        throw new PhotoRefused(400, PHOTO.messages.wrongField);
      }
      bytes = await part.toBuffer();
    }
  } catch (e) {
    if (e instanceof PhotoRefused) throw e;
    if (e instanceof app.multipartErrors.RequestFileTooLargeError) throw new PhotoRefused(413, PHOTO.messages.tooBig);
    if (e instanceof app.multipartErrors.FilesLimitError || e instanceof app.multipartErrors.PartsLimitError) {
      throw new PhotoRefused(400, PHOTO.messages.oneAtATime);
    }
    if (e instanceof app.multipartErrors.FieldsLimitError) throw new PhotoRefused(400, PHOTO.messages.wrongField);
    throw new PhotoRefused(400, PHOTO.messages.missing);
  }
  if (bytes === undefined) throw new PhotoRefused(400, PHOTO.messages.missing);
  return bytes;
}

/**
 * A teacher's photo: uploaded (multipart, one file in the field `photo`) by the teacher or an admin,
 * removed, and served to anyone at its content-hash address.
 */
export default async function photoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Registered here, so multipart bodies are parsed for these routes only. One byte over the limit
  // is enough to know the file is too big.
  await app.register(multipart, { limits: { fileSize: PHOTO.maxBytes, files: 1, fields: 0, parts: 1 } });

  const signedIn = app.requireUser('teacher', 'admin');
  /** The teacher `id` if the signed-in person may change their photo: themself, or an admin. */
  const photoOwner = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const user = request.user!;
    const id = request.params.id;
    if (user.role !== 'admin' && user.id !== id) throw new DomainError('forbidden', PHOTO.messages.notYours);
    if (!(await isTeacher(app.pool, id))) throw new DomainError('not_found', 'common.teacherNotFound');
    return id;
  };
  const answers = { 200: photoAnswerSchema, ...errorResponses };

  app.post('/teachers/:id/photo', {
    preValidation: signedIn,
    config: { bodyType: 'multipart/form-data' },
    schema: { params: idParamsSchema, response: answers },
  }, async (request) => {
    const id = await photoOwner(request);
    const bytes = await onePhoto(app, request);
    const photo = await processPhoto(bytes);
    return { profileImageUrl: await savePhoto(app.pool, id, photo, app.clock.now()) };
  });

  app.delete('/teachers/:id/photo', {
    preValidation: signedIn,
    schema: { params: idParamsSchema, response: answers },
  }, async (request) => {
    await removePhoto(app.pool, await photoOwner(request));
    return { profileImageUrl: null };
  });

  app.get('/photos/:name', {
    schema: { params: photoParamsSchema, response: { 200: z.instanceof(Buffer), 304: z.undefined(), ...errorResponses } },
  }, async (request, reply) => {
    const hash = PHOTO_NAME.exec(request.params.name)?.[1];
    const photo = hash ? await photoByHash(app.pool, hash) : undefined;
    if (!hash || !photo) throw new DomainError('not_found', 'teachers.noSuchPhoto');
    const etag = `"${hash}"`;
    reply.header('cache-control', FOREVER).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(photo.contentType).send(photo.bytes);
  });
}
