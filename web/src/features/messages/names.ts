// How a person of a conversation is named: "Deleted user" once their account is erased.
import type { Conversation } from '@parliamo/domain/contracts/messages';

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The person's first name and last name, or "Deleted user" / "Utente eliminato". */
export function personName(person: Conversation['student'], t: Translate): string {
  return person.erased ? t('messages.deletedUser') : `${person.firstName} ${person.lastName}`;
}

/** The other person of a conversation, for the reader (a student sees the teacher, a teacher the student). */
export function otherPerson(c: Conversation, role: string | undefined): Conversation['student'] {
  return role === 'teacher' ? c.student : c.teacher;
}
