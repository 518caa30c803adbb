import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { User } from '../../../src/api/contracts/user.contract';
import type { Caller, DemoUser } from '../resources/resource-test-helpers';
import { dataOf } from '../resources/resource-test-helpers';

/** A 1×1 PNG, and the first bytes of JPEG and WebP files: enough for the magic-byte check. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
/** An SVG is an image to a browser, and a script carrier: refused whatever its name says. */
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');

export interface FilePart {
  name: string;
  data: Uint8Array;
  type?: string;
  field?: string;
}

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipartPayload(fields: Record<string, string>, file?: FilePart) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append(file.field ?? 'file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

export async function postMultipart(
  app: FastifyInstance,
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: FilePart,
  language?: string,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = await multipartPayload(fields, file);
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      ...(language ? { 'accept-language': language } : {}),
    },
    payload,
  });
}

let sequence = 0;
/** Unique within a test run, so files and repeated cases never clash on usernames or extensions. */
export function nextSuffix(): string {
  sequence += 1;
  return `${process.pid % 1000}${String(sequence).padStart(3, '0')}`;
}

/** A valid users/store body with a fresh username and extension. */
export function newUserBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const suffix = nextSuffix();
  return {
    name: `사용자 ${suffix}`,
    username: `user${suffix}`,
    password: 'password-1234',
    department_id: 3,
    extension_id: `7${suffix}`,
    role: 'agent',
    ...overrides,
  };
}

/** Creates a user as `by` (the Demo manager unless told) and answers it. */
export async function createUser(call: Caller, overrides: Record<string, unknown> = {}, by: DemoUser = 'manager'): Promise<User> {
  const response = await call(by, '/users/store', newUserBody(overrides));
  if (response.statusCode !== 200) throw new Error(`users/store answered ${response.statusCode}: ${response.body}`);
  return dataOf<User>(response);
}
