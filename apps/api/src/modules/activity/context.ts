import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Who is acting in the current request or job: the admin's id and their address. */
export interface ActivityActor {
  actorId: string;
  ip: string | null;
}

// Carried by async context frames where `npm run serve` starts Node (--experimental-async-context-frame):
// on Node 22's default, the first run() turned on promise hooks for every promise of every request
// (decision 054's tenth-stop amendment).
const storage = new AsyncLocalStorage<ActivityActor>();

/** The admin acting now, or undefined outside an admin's request (the demo generator, a customer's call). */
export function currentActor(): ActivityActor | undefined {
  return storage.getStore();
}

/** Runs fn as the given admin: for work done outside a request (a job started by an admin). */
export function runAsActor<T>(actor: ActivityActor, fn: () => T): T {
  return storage.run(actor, fn);
}

/**
 * Makes the signed-in admin known to the recorder for the rest of the request, so that services
 * record who changed what without every call passing the admin along. The context is entered in
 * preHandler, after the body is read (entering it earlier loses it across the body stream's events);
 * the handler is called from done(), inside it. Customer requests and public routes carry no actor.
 */
export const activityContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    const principal = request.principal;
    if (principal?.kind !== 'admin') {
      done();
      return;
    }
    storage.run({ actorId: principal.userId, ip: request.ip }, done);
  });
});
