import { sql } from 'drizzle-orm';
import type { CompanyScope } from './company-scope';

/** The settings that records are checked against: a company's member settings, its consultation settings. */
export type SettingsLockName = 'member-settings' | 'consultation-settings';

/**
 * How a resource's writes take its company's settings lock: `use` for records checked against the
 * settings (members, consultations), `change` for the settings themselves (groups, categories, custom
 * fields).
 */
export interface SettingsLock {
  name: SettingsLockName;
  mode: 'use' | 'change';
}

/**
 * A record's check against the settings and its commit must not straddle a change of those settings: a
 * member saved with "서울" while `city` became a number field, or with a group being renamed, would
 * keep a value nothing accepts or finds any more. Record writes share the lock, so they never wait for
 * each other; a settings change takes it alone, so it waits for the saves in flight (and then sees
 * their values) and saves that start meanwhile wait for it (and are then checked against the new
 * settings). A transaction-scoped advisory lock per company: nothing to clean up, and it is released at
 * commit or rollback. Take it first in the transaction, before anything is read.
 */
export async function takeSettingsLock(scope: CompanyScope, lock: SettingsLock): Promise<void> {
  const take = lock.mode === 'change' ? sql`pg_advisory_xact_lock` : sql`pg_advisory_xact_lock_shared`;
  await scope.db.execute(sql`select ${take}(hashtext(${lock.name}), ${scope.companyId}::int)`);
}

export const MEMBER_SETTINGS_USE: SettingsLock = { name: 'member-settings', mode: 'use' };
export const MEMBER_SETTINGS_CHANGE: SettingsLock = { name: 'member-settings', mode: 'change' };
export const CONSULTATION_SETTINGS_USE: SettingsLock = { name: 'consultation-settings', mode: 'use' };
export const CONSULTATION_SETTINGS_CHANGE: SettingsLock = { name: 'consultation-settings', mode: 'change' };
