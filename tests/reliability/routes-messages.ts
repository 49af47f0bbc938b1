// The messages routes of the catalog (routes.ts). The world's student and teacher share one
// conversation; a report or a block goes to a fresh conversation of the student with a new teacher
// each time, so that the shared one stays open and unreported (admins may not read it).
import { systemClock } from '@parliamo/domain';
import { blockConversationSchema, conversationListQuerySchema, messagePageQuerySchema, openConversationSchema, readConversationSchema, reportConversationSchema } from '@parliamo/domain/contracts/messages';
import { openConversation, sendMessage } from '../../api/src/messages/commands.ts';
import { createPerson } from './harness.ts';
import type { CallContext, RouteSpec, World } from './actors.ts';

const PARTIES: RouteSpec['allowed'] = ['student', 'teacher'];
const PDF = Buffer.from('%PDF-1.4\ntrailer << >>\n%%EOF\n');

/** The conversation of the world's student and teacher (made once), with a PDF in it. */
async function shared(world: World): Promise<string> {
  if (!world.owned.conversation) {
    const deps = { pool: world.pool, clock: systemClock };
    const { conversation } = await openConversation(deps, { id: world.people.student.id, role: 'student' }, { teacherId: world.people.teacher.id, text: 'Buongiorno!' });
    const { message } = await sendMessage(deps, { id: world.people.teacher.id, role: 'teacher' }, conversation.id, 'Materials', [
      { name: 'lesson.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    world.owned.conversation = conversation.id;
    world.owned.attachment = message.attachments[0]!.url;
  }
  return world.owned.conversation;
}

/** A new conversation of the world's student with a new teacher. */
async function fresh(world: World): Promise<string> {
  const teacher = await createPerson(world.pool, 'teacher');
  const { conversation } = await openConversation({ pool: world.pool, clock: systemClock }, { id: world.people.student.id, role: 'student' }, { teacherId: teacher.id, text: 'Salve' });
  return conversation.id;
}

const opening = (c: CallContext) =>
  c.as?.role === 'teacher' ? { studentId: c.world.people.student.id, text: 'Ciao!' } : { teacherId: c.world.people.teacher.id, text: 'Ciao!' };

export const MESSAGE_ROUTES: RouteSpec[] = [
  { method: 'GET', route: '/api/conversations', allowed: ['student', 'otherStudent', 'teacher'], querySchema: conversationListQuerySchema },
  { method: 'POST', route: '/api/conversations', allowed: ['student', 'otherStudent', 'teacher'], bodySchema: openConversationSchema, body: opening },
  {
    method: 'GET', route: '/api/conversations/:id/messages', allowed: PARTIES, querySchema: messagePageQuerySchema,
    path: async (c) => `/api/conversations/${await shared(c.world)}/messages`,
  },
  // JSON here; multipart (the files) is read by the route itself (api/src/messages/attachments.test.ts).
  { method: 'POST', route: '/api/conversations/:id/messages', allowed: PARTIES, path: async (c) => `/api/conversations/${await shared(c.world)}/messages`, body: () => ({ text: 'Grazie' }) },
  { method: 'POST', route: '/api/conversations/:id/read', allowed: PARTIES, bodySchema: readConversationSchema, path: async (c) => `/api/conversations/${await shared(c.world)}/read`, body: () => ({ upTo: 1 }) },
  {
    method: 'POST', route: '/api/conversations/:id/report', allowed: ['student'], bodySchema: reportConversationSchema,
    path: async (c) => `/api/conversations/${await fresh(c.world)}/report`, body: () => ({ reason: 'Spam' }),
  },
  {
    method: 'POST', route: '/api/conversations/:id/block', allowed: ['student'], bodySchema: blockConversationSchema,
    path: async (c) => `/api/conversations/${await fresh(c.world)}/block`, body: () => ({ blocked: true }),
  },
  {
    method: 'GET', route: '/api/conversations/:id/attachments/:attachmentId', allowed: PARTIES,
    path: async (c) => (await shared(c.world), c.world.owned.attachment!),
  },
  { method: 'GET', route: '/api/admin/conversations/reported', allowed: ['admin'] },
];
