import { z } from 'zod';

/** The error envelope of CONTRACT §3, for OpenAPI and response serialisation. */
export const errorResponseSchema = z
  .object({ error: z.literal(true), message: z.string() })
  .describe('Any 4xx other than 422, and 5xx (never with a stack trace)');

export const validationErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .describe('422: messages per field, already translated for Accept-Language');

export const successResultSchema = z.object({ result: z.literal('success') });

/** Error answers every authenticated route may give. */
export const authErrorResponses = {
  401: errorResponseSchema,
  403: errorResponseSchema,
} as const;

/** OpenAPI security requirement for routes that need `Authorization: Bearer <access token>`. */
export const bearerSecurity = [{ bearerAuth: [] }];
