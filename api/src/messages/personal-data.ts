// A person's messages as personal data: erased with their account (the admin's erasure, and the
// person's own once it exists), and handed over in their data export.
import type pg from 'pg';

/**
 * Erases what `userId` wrote: the text of their messages (the rows stay, emptied and marked, so the
 * other person's messages keep their numbers and order), their attachments, their reports' reasons and
 * their live deliveries. The other person then sees a closed conversation with "Deleted user".
 * Runs in the erasure's transaction.
 */
export async function erasePersonMessages(client: pg.PoolClient, userId: string): Promise<void> {
  await client.query(
    `DELETE FROM message_attachments a USING messages m
      WHERE m.sender_id = $1 AND a.conversation_id = m.conversation_id AND a.seq = m.seq`,
    [userId],
  );
  await client.query(`UPDATE messages SET body = '', erased = true WHERE sender_id = $1`, [userId]);
  await client.query(`UPDATE conversation_reports SET reason = '' WHERE reporter_id = $1`, [userId]);
  await client.query(`DELETE FROM message_inbox WHERE user_id = $1`, [userId]);
}

/** One conversation of a person's data export. */
export interface ExportedConversation {
  id: string;
  role: 'student' | 'teacher';
  otherPersonId: string;
  startedAt: string;
  messages: {
    seq: number;
    fromMe: boolean;
    text: string;
    sentAt: string;
    attachments: { id: string; name: string; contentType: string; size: number }[];
  }[];
}

/**
 * Every conversation of `userId` with every message in it (theirs and the other person's, as the
 * conversation shows them), attachments by name, type and size: the "messages" part of the data export.
 */
export async function messagesForExport(db: pg.Pool | pg.PoolClient, userId: string): Promise<ExportedConversation[]> {
  const { rows } = await db.query(
    `SELECT c.id, c.student_id, c.teacher_id, c.created_at,
            COALESCE((SELECT json_agg(json_build_object(
                       'seq', m.seq, 'senderId', m.sender_id, 'text', m.body, 'sentAt', m.sent_at,
                       'attachments', COALESCE((SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'contentType', a.content_type, 'size', a.size) ORDER BY a.position)
                                                  FROM message_attachments a WHERE a.conversation_id = m.conversation_id AND a.seq = m.seq), '[]'))
                       ORDER BY m.seq)
                       FROM messages m WHERE m.conversation_id = c.id), '[]') AS messages
       FROM conversations c WHERE c.student_id = $1 OR c.teacher_id = $1
      ORDER BY c.created_at, c.id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    role: r.student_id === userId ? 'student' : 'teacher',
    otherPersonId: r.student_id === userId ? r.teacher_id : r.student_id,
    startedAt: (r.created_at as Date).toISOString(),
    messages: (r.messages as { seq: number; senderId: string; text: string; sentAt: string; attachments: ExportedConversation['messages'][number]['attachments'] }[]).map(
      (m) => ({ seq: m.seq, fromMe: m.senderId === userId, text: m.text, sentAt: new Date(m.sentAt).toISOString(), attachments: m.attachments }),
    ),
  }));
}
