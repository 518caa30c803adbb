import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from '../schema';

/** Raw bytes: PGlite answers a Uint8Array, node-postgres a Buffer (which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A user's photo (docs/users.md): uploaded with `users/store` (multipart field `file`) or
 * `users/update-avatar`. Kept in the database rather than on disk so every app process can serve it;
 * `users.avatar` holds its address `/api/v1/users/avatar/<key>`. One photo per user.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * 128 random bits, URL-safe. An <img> cannot send the bearer token, so the address itself is the
     * capability: unguessable, and replaced (new key) whenever the photo changes.
     */
    key: text('key').notNull(),
    /** Detected from the file's magic bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_avatars_key_unique').on(t.key),
    uniqueIndex('user_avatars_user_unique').on(t.userId),
    check('user_avatars_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

export type UserAvatarRow = typeof userAvatars.$inferSelect;
