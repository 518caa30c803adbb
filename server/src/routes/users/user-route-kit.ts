import { userContract } from '../../../../src/api/contracts/user.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { requireAccess } from '../../resources/access';

/** Shared bits of the users routes: OpenAPI description, error answers and the manager-only guard. */
export const describe = (summary: string, description?: string) => ({
  tags: [userContract.entity],
  summary,
  ...(description ? { description } : {}),
  security: bearerSecurity,
});

export const errorAnswers = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };

/** Managing users is for the company's managers (the contract's access rule); agents get 403. */
export const manageUsers = requireAccess(userContract.access.update);
