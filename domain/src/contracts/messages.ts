// The HTTP contract of messages between a student and a teacher (docs/api.md "Messages"): the
// conversations, their messages a page at a time, read state, report and block, and the live events.
import { z } from 'zod';
import { errorRef } from '../errors.ts';
import { answer, instantSchema } from './common.ts';
import { id, msg, strict, strictQuery, TEACHER_ID } from './fields.ts';

/** The limits of a message, stated once for the API's checks and the web's form. */
export const MESSAGE = {
  /** Characters of text in one message. */
  maxText: 4000,
  /** Files attached to one message. */
  maxAttachments: 5,
  /** Bytes of one attached file (10 MB). */
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** The types a browser's file picker is offered (the server checks the content itself). */
  accept: 'application/pdf,image/jpeg,image/png,image/webp,image/gif,audio/mpeg,audio/ogg,audio/wav,audio/webm,audio/mp4',
  /** Messages one person may send in a minute, and conversations they may open in a day. */
  perMinute: 20,
  newConversationsPerDay: 20,
  /** Messages a page holds unless `limit` says fewer. */
  pageSize: 50,
  maxPageSize: 100,
  /** Conversations a page of the list holds. */
  listPageSize: 30,
  maxReason: 1000,
  /** The refusals' codes (domain/src/i18n/locales/<locale>/errors.json). */
  messages: {
    textMissing: 'messages.textMissing',
    textTooLong: 'messages.textTooLong',
    contactDetails: 'messages.contactDetails',
    tooMany: 'messages.tooMany',
    tooManyConversations: 'messages.tooManyConversations',
    blocked: 'messages.blocked',
    counterpartErased: 'messages.counterpartErased',
    noSuchConversation: 'messages.noSuchConversation',
    noSuchTeacher: 'messages.noSuchTeacher',
    noSuchStudent: 'messages.noSuchStudent',
    notYourStudent: 'messages.notYourStudent',
    teachersOnlyStudents: 'messages.teachersOnlyStudents',
    studentsOnlyTeachers: 'messages.studentsOnlyTeachers',
    adminsCannotWrite: 'messages.adminsCannotWrite',
    notReported: 'messages.notReported',
    onlyBlockerUnblocks: 'messages.onlyBlockerUnblocks',
    attachmentType: 'messages.attachmentType',
    attachmentTooBig: 'messages.attachmentTooBig',
    tooManyAttachments: 'messages.tooManyAttachments',
    noSuchAttachment: 'messages.noSuchAttachment',
    reasonMissing: 'messages.reasonMissing',
    reasonTooLong: 'messages.reasonTooLong',
    oneRecipient: 'messages.oneRecipient',
    unreadableForm: 'messages.unreadableForm',
  },
} as const;

const text = z
  .string(msg(errorRef(MESSAGE.messages.textMissing), errorRef('messages.textNotText')))
  .trim()
  .max(MESSAGE.maxText, errorRef(MESSAGE.messages.textTooLong));

/** POST /api/conversations: the first message to a teacher (a student) or to a student (a teacher). */
export const openConversationSchema = strict({
  teacherId: id(TEACHER_ID).optional(),
  studentId: id({ required: 'messages.studentRequired', text: 'messages.studentText', tooLong: 'messages.studentTooLong' }).optional(),
  text: text.min(1, errorRef(MESSAGE.messages.textMissing)),
}).refine((b) => (b.teacherId === undefined) !== (b.studentId === undefined), errorRef(MESSAGE.messages.oneRecipient));
export type OpenConversationBody = z.input<typeof openConversationSchema>;

/** POST /api/conversations/:id/messages as JSON (multipart carries the same `text` field beside the files). */
export const sendMessageSchema = strict({ text: text.min(1, errorRef(MESSAGE.messages.textMissing)) });
export type SendMessageBody = z.input<typeof sendMessageSchema>;

/** The text of a multipart message: may be empty when files come with it. */
export const attachedTextSchema = text;

/** POST /api/conversations/:id/report: the reason, required. */
export const reportConversationSchema = strict({
  reason: z
    .string(msg(errorRef(MESSAGE.messages.reasonMissing), errorRef('messages.reasonNotText')))
    .trim()
    .min(1, errorRef(MESSAGE.messages.reasonMissing))
    .max(MESSAGE.maxReason, errorRef(MESSAGE.messages.reasonTooLong)),
});
export type ReportConversationBody = z.input<typeof reportConversationSchema>;

/** POST /api/conversations/:id/block: block (true) or, by the one who blocked, unblock (false). */
export const blockConversationSchema = strict({ blocked: z.boolean(errorRef('messages.blockedNotBoolean')) });

/** POST /api/conversations/:id/read: read up to message number `upTo` (the newest the reader has seen). */
export const readConversationSchema = strict({
  upTo: z.number(errorRef('messages.upToNotNumber')).int(errorRef('messages.upToNotNumber')).min(0, errorRef('messages.upToNotNumber')),
});

/** A whole number from a query string, `min`..`max`, with one message for every wrong value. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string(message)
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

const limit = (max: number, fallback: number) => wholeNumber(1, max, errorRef('messages.limitRange', { max })).default(fallback);

/** GET /api/conversations/:id/messages?before=&limit=: the messages before number `before` (default: the newest). */
export const messagePageQuerySchema = strictQuery({
  before: wholeNumber(1, 2 ** 31 - 1, errorRef('messages.beforeNotNumber')).optional(),
  limit: limit(MESSAGE.maxPageSize, MESSAGE.pageSize),
});

/** GET /api/conversations?before=&limit=: conversations whose last activity is before the instant `before`. */
export const conversationListQuerySchema = strictQuery({
  before: z.iso.datetime({ offset: true, error: errorRef('messages.beforeNotInstant') }).optional(),
  limit: limit(MESSAGE.maxPageSize, MESSAGE.listPageSize),
});

export const attachmentParamsSchema = z.object({ id: z.string(), attachmentId: z.string() });

/** One attached file; `url` serves it to the conversation's people. */
export const attachmentSchema = answer({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof attachmentSchema>;

/** One message. `seq` is its place in the conversation (1, 2, ...); an erased sender's text is empty. */
export const messageSchema = answer({
  id: z.string(),
  conversationId: z.string(),
  seq: z.number(),
  from: z.enum(['student', 'teacher']),
  text: z.string(),
  sentAt: instantSchema,
  attachments: z.array(attachmentSchema),
  /** The sender's account was deleted: the text and files are gone. */
  erased: z.boolean(),
});
export type ChatMessage = z.infer<typeof messageSchema>;

/** A person of a conversation as the other sees them; `erased` shows as "Deleted user". */
export const conversationPersonSchema = answer({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  erased: z.boolean(),
});

/** A conversation as one of its people (or an admin, for a reported one) sees it. */
export const conversationSchema = answer({
  id: z.string(),
  student: conversationPersonSchema,
  teacher: conversationPersonSchema,
  /** Instant of the newest message. */
  lastMessageAt: instantSchema,
  /** The newest message's number. */
  lastSeq: z.number(),
  /** Messages after the reader's read mark (0 for an admin). */
  unread: z.number(),
  /** How far the other person has read (their read mark). */
  otherReadSeq: z.number(),
  blocked: z.boolean(),
  /** The reader blocked it (and so may unblock it). */
  blockedByMe: z.boolean(),
  reported: z.boolean(),
  /** Whether the reader may send a message now. */
  canWrite: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/conversations: mine, newest activity first, and my unread messages in all of them. */
export const conversationListSchema = answer({
  conversations: z.array(conversationSchema),
  unreadTotal: z.number(),
  hasMore: z.boolean(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /api/conversations/:id/messages: the conversation and one page of its messages, oldest first. */
export const messagePageSchema = answer({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
  /** Older messages exist (ask with before = the first message's seq). */
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** POST /api/conversations and POST /api/conversations/:id/messages: the conversation and the message sent. */
export const sentMessageSchema = answer({ conversation: conversationSchema, message: messageSchema });
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** POST /api/conversations/:id/read: my unread messages left in all conversations. */
export const readAnswerSchema = answer({ unreadTotal: z.number() });

/** GET /api/admin/conversations/reported: the admin's queue, newest report first. */
export const reportedConversationSchema = answer({
  conversation: conversationSchema,
  reporterId: z.string(),
  reason: z.string(),
  reportedAt: instantSchema,
});
export const reportedConversationListSchema = answer({ reports: z.array(reportedConversationSchema) });
export type ReportedConversation = z.infer<typeof reportedConversationSchema>;
export type ReportedConversationList = z.infer<typeof reportedConversationListSchema>;

/**
 * The data of a `message` event on GET /api/conversations/events (server-sent events): a new message
 * in one of the reader's conversations, and the reader's unread total after it. The event's id is
 * the reader's own delivery number, which `Last-Event-ID` resumes from after a reconnect.
 */
export const messageEventSchema = answer({ message: messageSchema, unreadTotal: z.number() });
export type LiveMessageEvent = z.infer<typeof messageEventSchema>;
