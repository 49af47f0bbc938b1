import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z, ZodError } from 'zod';
import { DomainError, errorResponses, idParamsSchema } from '@parliamo/domain';
import { attachedTextSchema, attachmentParamsSchema, blockConversationSchema, conversationListQuerySchema, conversationListSchema, conversationSchema, MESSAGE, messagePageQuerySchema, messagePageSchema, openConversationSchema, readAnswerSchema, readConversationSchema, reportConversationSchema, reportedConversationListSchema, sendMessageSchema, sentMessageSchema } from '@parliamo/domain/contracts/messages';
import { checkAttachment } from './attachments.ts';
import {
  blockConversation,
  openConversation,
  readableConversation,
  readConversation,
  reportConversation,
  sendMessage,
  type CheckedAttachment,
} from './commands.ts';
import { LiveMessages } from './live.ts';
import { attachmentById, lastDelivery, listConversations, messagePage, reportedConversations, toConversation, unreadTotal, type Reader } from './store.ts';

/** Reports an admin's queue shows at once. */
const REPORTS_SHOWN = 100;

/** The text and files of a multipart message, each file checked by its content. */
async function multipartMessage(app: FastifyInstance, request: FastifyRequest): Promise<{ text: string; attachments: CheckedAttachment[] }> {
  let text = '';
  const attachments: CheckedAttachment[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'text') text = attachedTextSchema.parse(part.value);
        continue;
      }
      attachments.push(await checkAttachment({ filename: part.filename, bytes: await part.toBuffer() }));
    }
  } catch (e) {
    if (e instanceof app.multipartErrors.RequestFileTooLargeError) throw new DomainError('too_large', MESSAGE.messages.attachmentTooBig);
    if (e instanceof app.multipartErrors.FilesLimitError || e instanceof app.multipartErrors.PartsLimitError) {
      throw new DomainError('invalid', MESSAGE.messages.tooManyAttachments);
    }
    if (e instanceof DomainError || e instanceof ZodError) throw e;
    // A body that is not a well-formed multipart form (no boundary, cut short, bad part headers).
    throw new DomainError('invalid', MESSAGE.messages.unreadableForm);
  }
  return { text, attachments };
}

/**
 * Messages between a student and a teacher (docs/api.md "Messages"): the conversations, their
 * messages, read marks, reports, blocks, attachments, the live events, and the admins' report queue.
 */
export default async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Multipart bodies are parsed for these routes only; one byte over a file's limit is enough to refuse it.
  await app.register(multipart, {
    limits: { fileSize: MESSAGE.maxAttachmentBytes, files: MESSAGE.maxAttachments, fields: 1, parts: MESSAGE.maxAttachments + 1 },
  });
  const live = new LiveMessages(app.pool, (err) => app.log.error({ err }, 'live messages'));
  let listening: Promise<void> | null = null;
  app.addHook('preClose', async () => live.close());

  const people = app.requireUser('student', 'teacher');
  const readers = app.requireUser('student', 'teacher', 'admin');
  const reader = (request: FastifyRequest): Reader => ({ id: request.user!.id, role: request.user!.role });
  const deps = { pool: app.pool, clock: app.clock };

  app.get('/conversations', {
    preValidation: people,
    schema: { querystring: conversationListQuerySchema, response: { 200: conversationListSchema, ...errorResponses } },
  }, async (request) => {
    const me = reader(request);
    const page = await listConversations(app.pool, me, request.query);
    return { ...page, unreadTotal: await unreadTotal(app.pool, me.id) };
  });

  app.post('/conversations', {
    preValidation: readers,
    schema: { body: openConversationSchema, response: { 201: sentMessageSchema, ...errorResponses } },
  }, async (request, reply) => reply.status(201).send(await openConversation(deps, reader(request), request.body)));

  app.get('/conversations/events', {
    preValidation: people,
    schema: { response: { 200: z.string(), ...errorResponses } },
  }, async (request, reply) => {
    const me = reader(request);
    // EventSource sends the last id it saw when it reconnects; a first connection starts from now.
    const lastId = Number(request.headers['last-event-id']);
    const after = Number.isSafeInteger(lastId) && lastId >= 0 ? lastId : await lastDelivery(app.pool, me.id);
    await (listening ??= live.start());
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 2000\n\n');
    live.open(me.id, reply.raw, after);
  });

  app.get('/conversations/:id/messages', {
    preValidation: readers,
    schema: { params: idParamsSchema, querystring: messagePageQuerySchema, response: { 200: messagePageSchema, ...errorResponses } },
  }, async (request) => {
    const me = reader(request);
    const row = await readableConversation(app.pool, me, request.params.id);
    return { conversation: toConversation(row, me), ...(await messagePage(app.pool, row.id, request.query)) };
  });

  app.post('/conversations/:id/messages', {
    preValidation: readers,
    config: { bodyType: 'json-or-multipart' },
    schema: { params: idParamsSchema, response: { 201: sentMessageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.isMultipart() ? await multipartMessage(app, request) : { ...sendMessageSchema.parse(request.body ?? {}), attachments: [] };
    const sent = await sendMessage(deps, reader(request), request.params.id, body.text, body.attachments);
    return reply.status(201).send(sent);
  });

  app.post('/conversations/:id/read', {
    preValidation: readers,
    schema: { params: idParamsSchema, body: readConversationSchema, response: { 200: readAnswerSchema, ...errorResponses } },
  }, async (request) => {
    const me = reader(request);
    await readConversation(deps, me, request.params.id, request.body.upTo);
    return { unreadTotal: me.role === 'admin' ? 0 : await unreadTotal(app.pool, me.id) };
  });

  app.post('/conversations/:id/report', {
    preValidation: readers,
    schema: { params: idParamsSchema, body: reportConversationSchema, response: { 200: conversationSchema, ...errorResponses } },
  }, async (request) => reportConversation(deps, reader(request), request.params.id, request.body.reason));

  app.post('/conversations/:id/block', {
    preValidation: readers,
    schema: { params: idParamsSchema, body: blockConversationSchema, response: { 200: conversationSchema, ...errorResponses } },
  }, async (request) => blockConversation(deps, reader(request), request.params.id, request.body.blocked));

  app.get('/conversations/:id/attachments/:attachmentId', {
    preValidation: readers,
    schema: { params: attachmentParamsSchema, response: { 200: z.instanceof(Buffer), ...errorResponses } },
  }, async (request, reply) => {
    const row = await readableConversation(app.pool, reader(request), request.params.id);
    const file = await attachmentById(app.pool, row.id, request.params.attachmentId);
    if (!file) throw new DomainError('not_found', MESSAGE.messages.noSuchAttachment);
    // Pictures and sounds open in the page; a PDF is downloaded, and nothing served here may run scripts.
    const inline = file.content_type.startsWith('image/') || file.content_type.startsWith('audio/');
    return reply
      .type(file.content_type)
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=3600')
      .send(file.bytes);
  });

  app.get('/admin/conversations/reported', {
    preValidation: app.requireUser('admin'),
    schema: { response: { 200: reportedConversationListSchema, ...errorResponses } },
  }, async (request) => ({ reports: await reportedConversations(app.pool, reader(request), REPORTS_SHOWN) }));
}
