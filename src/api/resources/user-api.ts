import { useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  resetPasswordResponseSchema,
  showAgentNameResponseSchema,
  userExtensionsResponseSchema,
  userPermissionsResponseSchema,
  userResponseSchema,
  type ResetPasswordResponse,
  type SaveExtensionsInput,
  type UserExtension,
  type UserPermissions,
} from '../contracts/user-actions.contract';
import { USER_PATHS, userContract, type User, type UserInput, type UserStatus, type UserStoreInput } from '../contracts/user.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import { stalePathsAfterWrite } from './resource-keys';
import { revalidateEverywhere } from './use-resource-mutations';

/**
 * The users calls beyond the generic list (specification §7, docs/users.md). Reads are SWR hooks; writes
 * revalidate every cached `users/*` key in this window and in the app's other windows (the `user/add` and
 * permission pop-ups are windows for managers), through the resource mechanism's `revalidateEverywhere`.
 */


const userOf = (data: unknown): User => userResponseSchema.parse(data).data;

/** Text fields and the photo as multipart (CONTRACT §3: the file in field `file`). */
function multipart(fields: Record<string, unknown>, photo: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  if (photo) form.append('file', photo);
  return form;
}

export interface UserWrites {
  /** `users/store`, multipart with the photo when one is chosen. */
  store: (input: UserStoreInput, photo: File | null) => Promise<User>;
  /** `users/update`, then `users/update-avatar` when a new photo is chosen. */
  update: (id: number, input: UserInput, photo: File | null) => Promise<User>;
  updateStatus: (id: number, status: UserStatus) => Promise<User>;
  updateQueueReportStatus: (id: number, enabled: boolean) => Promise<User>;
  /** Without a password the server generates a temporary one and answers it once. */
  resetPassword: (id: number, password?: string) => Promise<ResetPasswordResponse>;
  updatePermissions: (id: number, permissions: readonly string[]) => Promise<UserPermissions>;
  saveExtensions: (input: SaveExtensionsInput) => Promise<void>;
}

export function useUserWrites(): UserWrites {
  // The bound mutate: pop-ups and tests may run with their own SWR cache.
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const stale = stalePathsAfterWrite(userContract);
    const write = async <T>(work: () => Promise<T>): Promise<T> => {
      const result = await work();
      await revalidateEverywhere(mutate, stale);
      return result;
    };
    return {
      store: (input, photo) => write(() => postParsed(USER_PATHS.store, multipart(input, photo), userOf)),
      update: (id, input, photo) =>
        write(async () => {
          const user = await postParsed(USER_PATHS.update, { ...input, id }, userOf);
          return photo ? postParsed(USER_PATHS.updateAvatar, multipart({ id }, photo), userOf) : user;
        }),
      updateStatus: (id, status) => write(() => postParsed(USER_PATHS.updateStatus, { id, status }, userOf)),
      updateQueueReportStatus: (id, enabled) => write(() => postParsed(USER_PATHS.updateQueueReportStatus, { id, queue_report_status: enabled }, userOf)),
      resetPassword: (id, password) => write(() => postParsed(USER_PATHS.resetPassword, { id, ...(password ? { password } : {}) }, (d) => resetPasswordResponseSchema.parse(d))),
      updatePermissions: (id, permissions) =>
        write(() => postParsed(USER_PATHS.updatePermission, { id, permissions }, (d) => userPermissionsResponseSchema.parse(d).data)),
      saveExtensions: (input) => write(() => postParsed(USER_PATHS.saveExtensions, input, () => undefined)),
    };
  }, [mutate]);
}

/** `users/view-permission`; null id waits. */
export function useUserPermissions(id: number | null): SWRResponse<UserPermissions, ApiError> {
  return useSWR(id === null ? null : ([USER_PATHS.viewPermission, { id }] as const), ([path, body]) =>
    postParsed(path, body, (data) => userPermissionsResponseSchema.parse(data).data),
  );
}

/** `users/show-agent-name`: who holds an extension (null: nobody); null extension waits. */
export function useAgentName(extension: string | null): SWRResponse<string | null, ApiError> {
  return useSWR(extension === null ? null : ([USER_PATHS.showAgentName, { extension }] as const), ([path, body]) =>
    postParsed(path, body, (data) => showAgentNameResponseSchema.parse(data).name),
  );
}

/** `users/extensions`: every live user and the extension they hold. */
export function useUserExtensions(enabled = true): SWRResponse<UserExtension[], ApiError> {
  return useSWR(enabled ? ([USER_PATHS.extensions, {}] as const) : null, ([path, body]) => postParsed(path, body, (data) => userExtensionsResponseSchema.parse(data).data));
}
