import type { Migration } from '../platform/db/migrate.ts';

/**
 * Messages between a student and a teacher: personal data, not facts the school must prove, so they
 * live in ordinary tables (docs/decisions/045-messages-in-ordinary-tables-live-over-server.md) and
 * are erased with the account (erasePersonMessages in store.ts).
 */
export const messagesMigrations: Migration[] = [
  {
    id: 'messages/001-conversations',
    sql: `
      -- One per student and teacher pair. The row is locked by each new message, which numbers it
      -- (last_seq + 1): a conversation's messages are in the order their writes committed.
      CREATE TABLE conversations (
        id uuid PRIMARY KEY,
        student_id uuid NOT NULL REFERENCES users (id),
        teacher_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL,
        last_message_at timestamptz NOT NULL,
        last_seq integer NOT NULL DEFAULT 0,
        -- each person's read mark: the number of the last message they have read
        student_read_seq integer NOT NULL DEFAULT 0,
        teacher_read_seq integer NOT NULL DEFAULT 0,
        blocked_by uuid REFERENCES users (id),
        blocked_at timestamptz,
        UNIQUE (student_id, teacher_id)
      );
      CREATE INDEX conversations_student_idx ON conversations (student_id, last_message_at DESC, id DESC);
      CREATE INDEX conversations_teacher_idx ON conversations (teacher_id, last_message_at DESC, id DESC);

      CREATE TABLE messages (
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq integer NOT NULL,
        id uuid NOT NULL UNIQUE,
        sender_id uuid NOT NULL REFERENCES users (id),
        sender_role text NOT NULL CHECK (sender_role IN ('student', 'teacher')),
        body text NOT NULL,
        sent_at timestamptz NOT NULL,
        -- the sender's account was erased: body emptied, files deleted
        erased boolean NOT NULL DEFAULT false,
        PRIMARY KEY (conversation_id, seq)
      );
      -- the per-sender rate limit and the erasure find a person's messages by this
      CREATE INDEX messages_sender_idx ON messages (sender_id, sent_at);

      CREATE TABLE message_attachments (
        id uuid PRIMARY KEY,
        conversation_id uuid NOT NULL,
        seq integer NOT NULL,
        position smallint NOT NULL,
        name text NOT NULL,
        content_type text NOT NULL,
        size integer NOT NULL,
        bytes bytea NOT NULL,
        FOREIGN KEY (conversation_id, seq) REFERENCES messages (conversation_id, seq) ON DELETE CASCADE
      );
      CREATE INDEX message_attachments_message_idx ON message_attachments (conversation_id, seq, position);

      -- Each person's deliveries, numbered 1, 2, ... under a row lock of message_inbox_heads: the live
      -- events' ids, so Last-Event-ID resumes after a reconnect with no gap and no repeat.
      CREATE TABLE message_inbox_heads (
        user_id uuid PRIMARY KEY REFERENCES users (id),
        last_n bigint NOT NULL
      );
      CREATE TABLE message_inbox (
        user_id uuid NOT NULL,
        n bigint NOT NULL,
        conversation_id uuid NOT NULL,
        seq integer NOT NULL,
        PRIMARY KEY (user_id, n),
        FOREIGN KEY (conversation_id, seq) REFERENCES messages (conversation_id, seq) ON DELETE CASCADE
      );

      -- A report puts the conversation in the admins' queue, and lets admins read it.
      CREATE TABLE conversation_reports (
        id uuid PRIMARY KEY,
        conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        reporter_id uuid NOT NULL REFERENCES users (id),
        reason text NOT NULL,
        reported_at timestamptz NOT NULL
      );
      CREATE INDEX conversation_reports_conversation_idx ON conversation_reports (conversation_id);
      CREATE INDEX conversation_reports_time_idx ON conversation_reports (reported_at DESC);
    `,
  },
  {
    id: 'messages/002-unread-digest',
    sql: `
      -- Each person's last unread digest: messages sent up to this instant have been mailed about.
      CREATE TABLE message_digests (
        user_id uuid PRIMARY KEY REFERENCES users (id),
        mailed_up_to timestamptz NOT NULL
      );
    `,
  },
];
