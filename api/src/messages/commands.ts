// The rules of messages: who may write to whom, the limits, contact details before a first purchase,
// reports and blocks, and who may read a conversation.
import crypto from 'node:crypto';
import type pg from 'pg';
import { DomainError, hasContactDetails, type Clock } from '@parliamo/domain';
import { MESSAGE, type ChatMessage, type Conversation } from '@parliamo/domain/contracts/messages';
import { withTransaction } from '../platform/db/transaction.ts';
import {
  addReport,
  conversationById,
  conversationOfPair,
  ensureConversation,
  insertMessage,
  markRead,
  openedSince,
  sentSince,
  setBlock,
  toConversation,
  type ConversationRow,
  type Reader,
} from './store.ts';

export interface MessageDeps {
  pool: pg.Pool;
  clock: Clock;
}

/** A file to attach, already checked and re-encoded (attachments.ts). */
export interface CheckedAttachment {
  name: string;
  contentType: string;
  bytes: Buffer;
}

const M = MESSAGE.messages;
const notFound = () => new DomainError('not_found', M.noSuchConversation);

/** The conversation if `reader` may read it: one of its people, or an admin once one of them reported it. */
export async function readableConversation(db: pg.Pool | pg.PoolClient, reader: Reader, id: string): Promise<ConversationRow> {
  const row = await conversationById(db, id);
  if (!row) throw notFound();
  if (reader.role === 'admin') {
    if (!row.reported) throw new DomainError('forbidden', M.notReported);
    return row;
  }
  if (row.student_id !== reader.id && row.teacher_id !== reader.id) throw notFound();
  return row;
}

/** Whether the student bought hours from the teacher at least once (any package, used or not). */
async function hasPurchased(db: pg.PoolClient, studentId: string, teacherId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM hour_packages WHERE student_id = $1 AND teacher_id = $2 LIMIT 1`, [studentId, teacherId]);
  return rows.length > 0;
}

/** Refuses a message the sender may not send now: too fast, or contact details before a first purchase. */
async function checkMessage(client: pg.PoolClient, deps: MessageDeps, sender: Reader, text: string, pair: { studentId: string; teacherId: string }) {
  const minuteAgo = new Date(deps.clock.now().getTime() - 60_000);
  if ((await sentSince(client, sender.id, minuteAgo)) >= MESSAGE.perMinute) throw new DomainError('too_many_requests', M.tooMany);
  if (hasContactDetails(text) && !(await hasPurchased(client, pair.studentId, pair.teacherId))) {
    throw new DomainError('conflict', M.contactDetails);
  }
}

/** Adds a message to a conversation the transaction has locked, after every rule. */
async function addMessage(
  client: pg.PoolClient,
  deps: MessageDeps,
  sender: Reader & { role: 'student' | 'teacher' },
  row: ConversationRow,
  text: string,
  attachments: CheckedAttachment[],
): Promise<ChatMessage> {
  if (row.blocked_by) throw new DomainError('conflict', M.blocked);
  if (sender.role === 'student' ? row.t_erased : row.s_erased) throw new DomainError('conflict', M.counterpartErased);
  const pair = { studentId: row.student_id, teacherId: row.teacher_id };
  await checkMessage(client, deps, sender, text, pair);
  return insertMessage(
    client,
    {
      id: crypto.randomUUID(), conversationId: row.id, senderId: sender.id, senderRole: sender.role, text, now: deps.clock.now(),
      attachments: attachments.map((a) => ({ ...a, id: crypto.randomUUID() })),
    },
    pair,
  );
}

/** The conversation after a change, as `reader` sees it. */
async function seen(db: pg.PoolClient, reader: Reader, id: string): Promise<Conversation> {
  return toConversation((await conversationById(db, id))!, reader);
}

/**
 * Opens or reuses the pair's conversation with a first message: a student writes to any active,
 * approved teacher; a teacher to their own students (hours bought from them) or to a student who
 * wrote to them first. Admins do not write.
 */
export async function openConversation(
  deps: MessageDeps,
  sender: Reader,
  body: { teacherId?: string; studentId?: string; text: string },
): Promise<{ conversation: Conversation; message: ChatMessage }> {
  if (sender.role === 'admin') throw new DomainError('forbidden', M.adminsCannotWrite);
  if (sender.role === 'student' && !body.teacherId) throw new DomainError('invalid', M.studentsOnlyTeachers);
  if (sender.role === 'teacher' && !body.studentId) throw new DomainError('invalid', M.teachersOnlyStudents);
  const me = sender as Reader & { role: 'student' | 'teacher' };
  const studentId = me.role === 'student' ? me.id : body.studentId!;
  const teacherId = me.role === 'teacher' ? me.id : body.teacherId!;
  const validId = /^[0-9a-f-]{36}$/i;
  return withTransaction(deps.pool, async (client) => {
    let id = validId.test(studentId) && validId.test(teacherId) ? await conversationOfPair(client, studentId, teacherId) : undefined;
    if (!id) {
      if (me.role === 'student') await checkTeacher(client, teacherId);
      else await checkOwnStudent(client, teacherId, studentId);
      const day = new Date(deps.clock.now().getTime() - 24 * 3600_000);
      if ((await openedSince(client, me.id, day)) >= MESSAGE.newConversationsPerDay) throw new DomainError('too_many_requests', M.tooManyConversations);
      id = await ensureConversation(client, { id: crypto.randomUUID(), studentId, teacherId, now: deps.clock.now() });
    }
    const row = (await conversationById(client, id, true))!;
    const message = await addMessage(client, deps, me, row, body.text, []);
    return { conversation: await seen(client, me, id), message };
  });
}

async function checkTeacher(client: pg.PoolClient, teacherId: string) {
  const { rows } = await client.query(
    `SELECT 1 FROM users u JOIN teacher_profiles tp ON tp.user_id = u.id
      WHERE u.id::text = $1 AND u.role = 'teacher' AND u.is_active AND u.erased_at IS NULL AND tp.is_approved`,
    [teacherId],
  );
  if (!rows[0]) throw new DomainError('not_found', M.noSuchTeacher);
}

async function checkOwnStudent(client: pg.PoolClient, teacherId: string, studentId: string) {
  const { rows } = await client.query<{ own: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM hour_packages h WHERE h.student_id = u.id::text AND h.teacher_id = $1) AS own
       FROM users u WHERE u.id::text = $2 AND u.role = 'student' AND u.erased_at IS NULL`,
    [teacherId, studentId],
  );
  if (!rows[0]) throw new DomainError('not_found', M.noSuchStudent);
  if (!rows[0].own) throw new DomainError('forbidden', M.notYourStudent);
}

/** Sends a message in a conversation the sender belongs to. */
export async function sendMessage(
  deps: MessageDeps,
  sender: Reader,
  conversationId: string,
  text: string,
  attachments: CheckedAttachment[] = [],
): Promise<{ conversation: Conversation; message: ChatMessage }> {
  if (sender.role === 'admin') throw new DomainError('forbidden', M.adminsCannotWrite);
  const me = sender as Reader & { role: 'student' | 'teacher' };
  if (!text && attachments.length === 0) throw new DomainError('invalid', M.textMissing);
  return withTransaction(deps.pool, async (client) => {
    const row = await conversationById(client, conversationId, true);
    if (!row || (row.student_id !== me.id && row.teacher_id !== me.id)) throw notFound();
    const message = await addMessage(client, deps, me, row, text, attachments);
    return { conversation: await seen(client, me, conversationId), message };
  });
}

/** Moves the reader's read mark (up to `upTo`, or every message so far). */
export async function readConversation(deps: MessageDeps, reader: Reader, id: string, upTo?: number): Promise<void> {
  const row = await readableConversation(deps.pool, reader, id);
  if (reader.role === 'admin') return; // an admin's reading marks nothing for the people
  await markRead(deps.pool, row.id, reader.role, upTo);
}

/** A person reports their conversation, with a reason: it enters the admins' queue. */
export async function reportConversation(deps: MessageDeps, reader: Reader, id: string, reason: string): Promise<Conversation> {
  if (reader.role === 'admin') throw notFound();
  const row = await readableConversation(deps.pool, reader, id);
  await addReport(deps.pool, { id: crypto.randomUUID(), conversationId: row.id, reporterId: reader.id, reason, now: deps.clock.now() });
  return toConversation((await conversationById(deps.pool, id))!, reader);
}

/** A person blocks their conversation (no more messages either way), or lifts their own block. */
export async function blockConversation(deps: MessageDeps, reader: Reader, id: string, blocked: boolean): Promise<Conversation> {
  if (reader.role === 'admin') throw notFound();
  return withTransaction(deps.pool, async (client) => {
    const row = await conversationById(client, id, true);
    if (!row || (row.student_id !== reader.id && row.teacher_id !== reader.id)) throw notFound();
    if (blocked && !row.blocked_by) await setBlock(client, id, reader.id, deps.clock.now());
    if (!blocked && row.blocked_by) {
      if (row.blocked_by !== reader.id) throw new DomainError('forbidden', M.onlyBlockerUnblocks);
      await setBlock(client, id, null, deps.clock.now());
    }
    return seen(client, reader, id);
  });
}
