import type { FastifyInstance } from 'fastify';

/** Accounts and sessions. Until accounts exist, nobody is signed in. */
export default async function authRoutes(app: FastifyInstance) {
  app.get('/auth/user', async (_request, reply) => reply.status(401).send({ message: 'Unauthorized' }));
  app.get('/login', async (_request, reply) => reply.redirect('/login'));
}
