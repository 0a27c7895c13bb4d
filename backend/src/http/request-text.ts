// The shared rule for request text (@shop/shared/server) on every route of the backend, the
// contract's calls and the operator's alike: JSON bodies where they are parsed, path and query
// parameters before any handler reads them. So an ill-formed body is refused before a sign-in is
// looked up or an Idempotency-Key taken.
import type { FastifyInstance } from 'fastify';
import { installWellFormedJsonBodies, refuseIllFormedText } from '@shop/shared/server';

export function installRequestTextRule(app: FastifyInstance): void {
  installWellFormedJsonBodies(app);
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      refuseIllFormedText(request.params);
      refuseIllFormedText(request.query);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
