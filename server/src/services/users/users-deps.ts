import type { FastifyInstance } from 'fastify';
import type { CompanyScope } from '../../db/company-scope';
import type { PasswordHasher } from '../../lib/passwords';
import { sessionEnder, type EndSessions } from './user-sessions';

/** What the users service needs from the app; routes build it with `usersDeps(app)`. */
export interface UsersDeps {
  passwords: PasswordHasher;
  /** After extensions or names change: the PBX re-reads the company's directory (docs/cti-api.md). */
  reloadDirectory: (companyId: number) => Promise<void>;
  endSessions: EndSessions;
}

export function usersDeps(app: FastifyInstance): UsersDeps {
  return {
    passwords: app.passwords,
    reloadDirectory: async (companyId) => {
      // The users are saved by now; a PBX that cannot be reached must not turn that into an error.
      // It re-reads the directory when its driver restarts, and save-extensions can be pressed again.
      try {
        await app.telephony.reloadDirectory(companyId);
      } catch (error) {
        app.log.warn({ err: error, companyId }, 'telephony directory reload failed');
      }
    },
    endSessions: sessionEnder(app),
  };
}

/** One transaction with a company scope bound to it. */
export function inTransaction<R>(scope: CompanyScope, work: (tx: CompanyScope) => Promise<R>): Promise<R> {
  return scope.transaction(work);
}
