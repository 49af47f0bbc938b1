/** A file sent with a mail (e.g. a lesson's .ics invitation). */
export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  /** e.g. 'text/calendar; charset=utf-8; method=REQUEST' */
  contentType?: string;
}

/** One mail to one person. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** "<local@host>": the same for every attempt at one mail, so receivers drop a repeat. */
  messageId?: string;
}

/** The port every mail goes through: SMTP when SMTP_URL is set, else the outbox table. */
export interface Mailer {
  /** Delivers (SMTP) or stores (outbox) one mail; rejects when it could not. */
  send(mail: Mail): Promise<void>;
  readonly kind: 'smtp' | 'outbox';
}
