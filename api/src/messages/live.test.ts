import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, useTestApp } from '../testing/app.ts';
import { eventually } from '../testing/eventually.ts';
import { createUser, sessionCookie, type TestUser } from '../testing/users.ts';
import { as } from './test-support.ts';

interface Received {
  id: number;
  text: string;
  unreadTotal: number;
}

/** An open GET /api/conversations/events as `cookie`, collecting its message events; close() drops the connection. */
function openStream(base: string, cookie: string, lastEventId?: number) {
  const received: Received[] = [];
  return new Promise<{ status: number; type: string | undefined; received: Received[]; close(): void }>((resolve, reject) => {
    const request = http.get(
      `${base}/api/conversations/events`,
      { headers: { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) }, agent: false },
      (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) {
              const event = JSON.parse(data);
              received.push({ id: Number(id), text: event.message.text, unreadTotal: event.unreadTotal });
            }
          }
        });
        res.on('error', () => {});
        resolve({ status: res.statusCode!, type: res.headers['content-type'], received, close: () => request.destroy() });
      },
    );
    request.on('error', reject);
  });
}

describe('live messages: server-sent events across two API instances, resumed with no gap and no repeat', () => {
  const t = useTestApp();
  let other: FastifyInstance;
  let a: string;
  let b: string;
  let student: TestUser;
  let teacher: TestUser;
  let id: string;
  beforeAll(async () => {
    other = await anotherInstance(t);
    a = await t.app.listen({ port: 0, host: '127.0.0.1' });
    b = await other.listen({ port: 0, host: '127.0.0.1' });
    student = await createUser(t);
    teacher = await createUser(t, { role: 'teacher' });
    id = (await as(t, student, 'POST', '/api/conversations', { teacherId: teacher.id, text: 'before any stream' })).json().conversation.id;
  });
  afterAll(async () => other?.close());

  /** The teacher sends through instance B (the other one behind the load balancer). */
  const sendOnB = async (text: string) => {
    const res = await other.inject({
      method: 'POST', url: `/api/conversations/${id}/messages`,
      headers: { cookie: await sessionCookie(t, teacher.id), 'x-requested-with': 'parliamo' }, payload: { text },
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  it('a message written on one instance reaches a stream open on the other, with the unread count', async () => {
    const stream = await openStream(a, await sessionCookie(t, student.id));
    expect([stream.status, stream.type]).toEqual([200, 'text/event-stream; charset=utf-8']);
    await sendOnB('live one');
    await eventually(async () => stream.received.length === 1);
    expect(stream.received).toEqual([{ id: 2, text: 'live one', unreadTotal: 1 }]); // the student's second delivery: their own first message was the first
    stream.close();
  });

  it('a reconnect with Last-Event-ID gets what came meanwhile, once, in order, then the live ones', async () => {
    const first = await openStream(b, await sessionCookie(t, student.id));
    await sendOnB('m1');
    await eventually(async () => first.received.length === 1);
    const last = first.received.at(-1)!.id;
    first.close();
    for (const text of ['m2', 'm3', 'm4']) await sendOnB(text); // while the network is down
    const again = await openStream(a, await sessionCookie(t, student.id), last);
    await eventually(async () => again.received.length === 3);
    const during = (async () => {
      for (const text of ['m5', 'm6']) await sendOnB(text);
    })();
    await during;
    await eventually(async () => again.received.length === 5);
    expect(again.received.map((e) => e.text)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    expect(again.received.map((e) => e.id)).toEqual([last + 1, last + 2, last + 3, last + 4, last + 5]);
    again.close();
  });

  it('the sender\'s own other tabs see their message too; a stranger\'s stream sees nothing; no session, no stream', async () => {
    const teacherTab = await openStream(a, await sessionCookie(t, teacher.id));
    const strangerTab = await openStream(a, await sessionCookie(t, (await createUser(t)).id));
    await sendOnB('to every tab');
    await eventually(async () => teacherTab.received.length === 1);
    expect(teacherTab.received[0]!.text).toBe('to every tab');
    expect(strangerTab.received).toEqual([]);
    teacherTab.close();
    strangerTab.close();
    const visitor = await openStream(a, '');
    expect(visitor.status).toBe(401);
    visitor.close();
  });
});
