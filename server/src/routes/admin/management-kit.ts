import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';

/** Shared bits of the platform administrator's management routes (docs/administration.md). */
export const describe = (tag: string, summary: string, description?: string) => ({
  tags: [tag],
  summary: `Admin only: ${summary}`,
  ...(description ? { description } : {}),
  security: bearerSecurity,
});

export const errorAnswers = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
