// The queries of messages: conversations, their messages a page at a time, read marks, reports and
// blocks, the per-person delivery numbers of the live events, erasure and export.
import type pg from 'pg';
import type { ChatMessage, Conversation, MessageAttachment } from '@parliamo/domain/contracts/messages';

type Db = pg.Pool | pg.PoolClient;

/** Who reads: a party of the conversation (student or teacher) or an admin. */
export interface Reader {
  id: string;
  role: 'student' | 'teacher' | 'admin';
}

/** The pg channel a new message is announced on, with the ids of its two people. */
export const MESSAGES_CHANNEL = 'parliamo_messages';

const CONVERSATION_SQL = `
  SELECT c.id, c.student_id, c.teacher_id, c.last_message_at, c.last_seq, c.student_read_seq, c.teacher_read_seq,
         c.blocked_by, c.created_at,
         s.first_name AS s_first, s.last_name AS s_last, s.profile_image_url AS s_photo, s.erased_at IS NOT NULL AS s_erased,
         t.first_name AS t_first, t.last_name AS t_last, t.profile_image_url AS t_photo, t.erased_at IS NOT NULL AS t_erased,
         EXISTS (SELECT 1 FROM conversation_reports r WHERE r.conversation_id = c.id) AS reported
    FROM conversations c JOIN users s ON s.id = c.student_id JOIN users t ON t.id = c.teacher_id`;

/** A conversation row as the queries read it (CONVERSATION_SQL). */
export interface ConversationRow {
  id: string;
  student_id: string;
  teacher_id: string;
  last_message_at: Date;
  last_seq: number;
  student_read_seq: number;
  teacher_read_seq: number;
  blocked_by: string | null;
  s_first: string;
  s_last: string;
  s_photo: string | null;
  s_erased: boolean;
  t_first: string;
  t_last: string;
  t_photo: string | null;
  t_erased: boolean;
  reported: boolean;
}

/** The conversation as `reader` sees it. */
export function toConversation(r: ConversationRow, reader: Reader): Conversation {
  const mine = reader.role === 'student' ? r.student_read_seq : reader.role === 'teacher' ? r.teacher_read_seq : r.last_seq;
  const theirs = reader.role === 'teacher' ? r.student_read_seq : r.teacher_read_seq;
  const party = reader.id === r.student_id || reader.id === r.teacher_id;
  const otherErased = reader.role === 'student' ? r.t_erased : r.s_erased;
  return {
    id: r.id,
    student: { id: r.student_id, firstName: r.s_first, lastName: r.s_last, profileImageUrl: r.s_photo, erased: r.s_erased },
    teacher: { id: r.teacher_id, firstName: r.t_first, lastName: r.t_last, profileImageUrl: r.t_photo, erased: r.t_erased },
    lastMessageAt: r.last_message_at.toISOString(),
    lastSeq: r.last_seq,
    unread: Math.max(0, r.last_seq - mine),
    otherReadSeq: theirs,
    blocked: r.blocked_by !== null,
    blockedByMe: r.blocked_by === reader.id,
    reported: r.reported,
    canWrite: party && r.blocked_by === null && !otherErased,
  };
}

/** One conversation by id, or undefined; `lock` takes its row for the transaction (a new message, a block). */
export async function conversationById(db: Db, id: string, lock = false): Promise<ConversationRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  if (lock) await db.query(`SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE`, [id]);
  const { rows } = await db.query<ConversationRow>(`${CONVERSATION_SQL} WHERE c.id = $1`, [id]);
  return rows[0];
}

/** The pair's conversation id, or undefined. */
export async function conversationOfPair(db: Db, studentId: string, teacherId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM conversations WHERE student_id = $1 AND teacher_id = $2`, [studentId, teacherId]);
  return rows[0]?.id;
}

/** Creates the pair's conversation unless it exists (two first messages at once make one); returns its id. */
export async function ensureConversation(db: Db, p: { id: string; studentId: string; teacherId: string; now: Date }): Promise<string> {
  await db.query(
    `INSERT INTO conversations (id, student_id, teacher_id, created_at, last_message_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (student_id, teacher_id) DO NOTHING`,
    [p.id, p.studentId, p.teacherId, p.now],
  );
  return (await conversationOfPair(db, p.studentId, p.teacherId))!;
}

/** A person's conversations, newest activity first, those before `before`, `limit` of them (and whether more exist). */
export async function listConversations(db: Db, reader: Reader, page: { before?: string; limit: number }) {
  const column = reader.role === 'teacher' ? 'teacher_id' : 'student_id';
  const { rows } = await db.query<ConversationRow>(
    `${CONVERSATION_SQL}
      WHERE c.${column} = $1 AND ($2::timestamptz IS NULL OR c.last_message_at < $2)
      ORDER BY c.last_message_at DESC, c.id DESC LIMIT $3`,
    [reader.id, page.before ?? null, page.limit + 1],
  );
  return { conversations: rows.slice(0, page.limit).map((r) => toConversation(r, reader)), hasMore: rows.length > page.limit };
}

/** A person's unread messages over all their conversations. */
export async function unreadTotal(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT (COALESCE((SELECT sum(last_seq - student_read_seq) FROM conversations WHERE student_id = $1), 0)
           + COALESCE((SELECT sum(last_seq - teacher_read_seq) FROM conversations WHERE teacher_id = $1), 0))::int AS n`,
    [userId],
  );
  return rows[0]!.n;
}

const MESSAGE_SQL = `
  SELECT m.id, m.conversation_id, m.seq, m.sender_role, m.body, m.sent_at, m.erased,
         COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'contentType', a.content_type, 'size', a.size) ORDER BY a.position)
                     FROM message_attachments a WHERE a.conversation_id = m.conversation_id AND a.seq = m.seq), '[]') AS attachments
    FROM messages m`;

interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number;
  sender_role: 'student' | 'teacher';
  body: string;
  sent_at: Date;
  erased: boolean;
  attachments: Omit<MessageAttachment, 'url'>[];
}

/** The address an attachment is served at (to the conversation's people, and admins once it is reported). */
export const attachmentUrl = (conversationId: string, attachmentId: string) => `/api/conversations/${conversationId}/attachments/${attachmentId}`;

function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    conversationId: r.conversation_id,
    seq: r.seq,
    from: r.sender_role,
    text: r.body,
    sentAt: r.sent_at.toISOString(),
    attachments: r.attachments.map((a) => ({ ...a, url: attachmentUrl(r.conversation_id, a.id) })),
    erased: r.erased,
  };
}

/** The `limit` messages before number `before` (default: the newest), oldest first, and whether older ones exist. */
export async function messagePage(db: Db, conversationId: string, page: { before?: number; limit: number }) {
  const { rows } = await db.query<MessageRow>(
    `${MESSAGE_SQL} WHERE m.conversation_id = $1 AND ($2::int IS NULL OR m.seq < $2) ORDER BY m.seq DESC LIMIT $3`,
    [conversationId, page.before ?? null, page.limit + 1],
  );
  return { messages: rows.slice(0, page.limit).reverse().map(toMessage), hasMore: rows.length > page.limit };
}

/** What a new message is made of; attachments are already checked and re-encoded. */
export interface NewMessage {
  id: string;
  conversationId: string;
  senderId: string;
  senderRole: 'student' | 'teacher';
  text: string;
  now: Date;
  attachments: { id: string; name: string; contentType: string; bytes: Buffer }[];
}

/**
 * Adds a message to a conversation whose row the transaction has locked: numbers it (last_seq + 1),
 * moves the sender's read mark to it, gives each of the two people the next delivery number of their
 * own (heads locked in id order, so two transactions never wait on each other in a circle), and
 * announces it on MESSAGES_CHANNEL at commit. Returns the message.
 */
export async function insertMessage(client: pg.PoolClient, m: NewMessage, people: { studentId: string; teacherId: string }): Promise<ChatMessage> {
  const readMark = m.senderRole === 'student' ? 'student_read_seq' : 'teacher_read_seq';
  const { rows } = await client.query<{ seq: number }>(
    `UPDATE conversations SET last_seq = last_seq + 1, last_message_at = $2, ${readMark} = last_seq + 1 WHERE id = $1 RETURNING last_seq AS seq`,
    [m.conversationId, m.now],
  );
  const seq = rows[0]!.seq;
  await client.query(
    `INSERT INTO messages (conversation_id, seq, id, sender_id, sender_role, body, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [m.conversationId, seq, m.id, m.senderId, m.senderRole, m.text, m.now],
  );
  for (const [position, a] of m.attachments.entries()) {
    await client.query(
      `INSERT INTO message_attachments (id, conversation_id, seq, position, name, content_type, size, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [a.id, m.conversationId, seq, position, a.name, a.contentType, a.bytes.length, a.bytes],
    );
  }
  for (const userId of [people.studentId, people.teacherId].sort()) {
    await client.query(
      `WITH head AS (
         INSERT INTO message_inbox_heads (user_id, last_n) VALUES ($1, 1)
         ON CONFLICT (user_id) DO UPDATE SET last_n = message_inbox_heads.last_n + 1 RETURNING last_n)
       INSERT INTO message_inbox (user_id, n, conversation_id, seq) SELECT $1, last_n, $2, $3 FROM head`,
      [userId, m.conversationId, seq],
    );
  }
  await client.query(`SELECT pg_notify($1, $2)`, [MESSAGES_CHANNEL, JSON.stringify([people.studentId, people.teacherId])]);
  const { rows: made } = await client.query<MessageRow>(`${MESSAGE_SQL} WHERE m.conversation_id = $1 AND m.seq = $2`, [m.conversationId, seq]);
  return toMessage(made[0]!);
}

/** A person's deliveries after number `after`, oldest first, at most `limit`: the live events to send. */
export async function deliveriesAfter(db: Db, userId: string, after: number, limit: number): Promise<{ n: number; message: ChatMessage }[]> {
  const { rows } = await db.query<MessageRow & { n: string }>(
    `SELECT i.n, x.* FROM message_inbox i
       CROSS JOIN LATERAL (${MESSAGE_SQL} WHERE m.conversation_id = i.conversation_id AND m.seq = i.seq) x
      WHERE i.user_id = $1 AND i.n > $2 ORDER BY i.n LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map((r) => ({ n: Number(r.n), message: toMessage(r) }));
}

/** A person's latest delivery number (0 before their first). */
export async function lastDelivery(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ last_n: string }>(`SELECT last_n FROM message_inbox_heads WHERE user_id = $1`, [userId]);
  return Number(rows[0]?.last_n ?? 0);
}

/** Messages `senderId` sent since `since`, and conversations they opened since then (the rate limits). */
export async function sentSince(db: Db, senderId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM messages WHERE sender_id = $1 AND sent_at > $2`, [senderId, since]);
  return rows[0]!.n;
}

/** Conversations whose first message `senderId` sent since `since`. */
export async function openedSince(db: Db, senderId: string, since: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM messages WHERE sender_id = $1 AND seq = 1 AND sent_at > $2`,
    [senderId, since],
  );
  return rows[0]!.n;
}

/** Moves the reader's read mark forward to `upTo` (never back, never past the last message). */
export async function markRead(db: Db, conversationId: string, role: 'student' | 'teacher', upTo: number | undefined): Promise<void> {
  const mark = role === 'student' ? 'student_read_seq' : 'teacher_read_seq';
  await db.query(`UPDATE conversations SET ${mark} = GREATEST(${mark}, LEAST(last_seq, COALESCE($2::int, last_seq))) WHERE id = $1`, [conversationId, upTo ?? null]);
}

/** Records a report: the conversation enters the admins' queue. */
export async function addReport(db: Db, r: { id: string; conversationId: string; reporterId: string; reason: string; now: Date }): Promise<void> {
  await db.query(
    `INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, reported_at) VALUES ($1, $2, $3, $4, $5)`,
    [r.id, r.conversationId, r.reporterId, r.reason, r.now],
  );
}

/** Blocks the conversation (by `userId`) or lifts the block. */
export async function setBlock(db: Db, conversationId: string, userId: string | null, now: Date): Promise<void> {
  await db.query(`UPDATE conversations SET blocked_by = $2, blocked_at = CASE WHEN $2::uuid IS NULL THEN NULL ELSE $3::timestamptz END WHERE id = $1`, [conversationId, userId, now]);
}

/** The admins' queue: reports, newest first, at most `limit`. */
export async function reportedConversations(db: Db, admin: Reader, limit: number) {
  const { rows } = await db.query<ConversationRow & { reporter_id: string; reason: string; reported_at: Date }>(
    `SELECT x.*, r.reporter_id, r.reason, r.reported_at
       FROM (SELECT * FROM conversation_reports ORDER BY reported_at DESC LIMIT $1) r
       CROSS JOIN LATERAL (${CONVERSATION_SQL} WHERE c.id = r.conversation_id) x
      ORDER BY r.reported_at DESC`,
    [limit],
  );
  return rows.map((r) => ({ conversation: toConversation(r, admin), reporterId: r.reporter_id, reason: r.reason, reportedAt: r.reported_at.toISOString() }));
}

/** One attachment of a conversation, with its bytes. */
export async function attachmentById(db: Db, conversationId: string, attachmentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(attachmentId)) return undefined;
  const { rows } = await db.query<{ name: string; content_type: string; bytes: Buffer }>(
    `SELECT name, content_type, bytes FROM message_attachments WHERE id = $1 AND conversation_id = $2`,
    [attachmentId, conversationId],
  );
  return rows[0];
}
