import { z } from 'zod';
import { ENTITIES } from '../entities/entity-catalogue';
import { consultationContract } from './consultation.contract';
import { memberContract } from './member.contract';
import { userContract } from './user.contract';
import type { AccessRule, AnyResourceContract } from '../resources/resource-contract';

/**
 * Downloads that open in a new tab (exports, samples, error reports) cannot send the Authorization
 * header, so they carry a short-lived, single-purpose download token in the query instead (CONTRACT §3,
 * docs/api.md "Downloads"):
 *
 *   POST /download-token { purpose, params }  →  { token, expires_in }
 *   GET  <download path>?<params>&token=<token>
 *
 * The token is good for one purpose and exactly those parameters (`token` and `lang` aside), for
 * DOWNLOAD_TOKEN_TTL_SECONDS, and only while the login it was issued to is alive.
 */

/** Downloads that are not a list's export (the exports of entities are added from the catalogue below). */
const FIXED_PURPOSES = {
  'member-import-sample': { permission: 'members' },
  'member-import-errors': { permission: 'members' },
  'consultation-import-sample': { permission: 'consultations' },
  'consultation-import-errors': { permission: 'consultations' },
  'auto-call-import-sample': { permission: 'auto_call_system', companyPermission: 'company_can_use_auto_call' },
  'auto-call-import-errors': { permission: 'auto_call_system', companyPermission: 'company_can_use_auto_call' },
  // `GET auto-call/export?campaign_id=`: every number of a campaign with its attempts and result.
  'auto-call-numbers-export': { permission: 'auto_call_system', companyPermission: 'company_can_use_auto_call' },
} as const satisfies Record<string, AccessRule>;

/** An entity's export (`GET <path>/export`) is the purpose `<entity>-export`. */
export const exportPurpose = (contract: Pick<AnyResourceContract, 'entity'>) => `${contract.entity}-export` as const;

/**
 * A file field's stream (`GET <path>/{id}/<route>`, docs/resources.md "File fields") is the purpose
 * `<path>/<route>` (`sound-file/play`), with the entity's read rule; its token is bound to the record's
 * `id` like any download's parameters, so it plays that one file.
 */
export const filePurpose = (contract: Pick<AnyResourceContract, 'path'>, route: string) => `${contract.path}/${route}` as const;

export type DownloadPurpose = keyof typeof FIXED_PURPOSES | `${string}-export` | `${string}/${string}`;

const streamPurposes = ENTITIES.flatMap(({ contract }) => Object.values(contract.files ?? {}).map((rule) => [filePurpose(contract, rule.route), contract.access.read] as const));

/**
 * Purposes a media element plays: it asks for byte ranges again each time the user seeks, so their
 * tokens live longer (the server's STREAM_TOKEN_TTL_SECONDS, like a recording's).
 */
export const STREAM_PURPOSES: ReadonlySet<string> = new Set(streamPurposes.map(([purpose]) => purpose));

/** The lists with an export: every entity's that offers one, and the hand-written resources'. */
const EXPORTING: readonly AnyResourceContract[] = [...ENTITIES.map((entity) => entity.contract), memberContract, consultationContract, userContract];

/** Every download purpose and who may use it (checked when the token is issued and again when it is used). */
export const DOWNLOAD_PURPOSES: Readonly<Record<keyof typeof FIXED_PURPOSES, AccessRule> & Partial<Record<DownloadPurpose, AccessRule>>> = {
  ...Object.fromEntries(EXPORTING.flatMap((contract) => (contract.export ? [[exportPurpose(contract), contract.export]] : []))),
  ...Object.fromEntries(streamPurposes),
  ...FIXED_PURPOSES,
};

const purposeNames = Object.keys(DOWNLOAD_PURPOSES) as [DownloadPurpose, ...DownloadPurpose[]];

/** The download's parameters as they will appear in its URL (path parameters and query). */
export const downloadParamsSchema = z.record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]));

export const downloadTokenRequestSchema = z.object({
  purpose: z.enum(purposeNames, { error: 'validation.invalid_value' }),
  params: downloadParamsSchema.default({}),
});

export const downloadTokenResponseSchema = z.object({
  token: z.string(),
  /** Seconds the token stays valid. */
  expires_in: z.number().int(),
});

export type DownloadTokenRequest = z.input<typeof downloadTokenRequestSchema>;
export type DownloadTokenResponse = z.infer<typeof downloadTokenResponseSchema>;
