import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CallDirection, TreatmentResult } from '../../../../src/api/contracts/consultation.contract';
import { companies, members, users } from '../schema';

/**
 * Consultations and their configuration (issue 4 item 4, docs/consultations.md). Consultations hold the
 * setting names (inquiry, department, big and small category, custom field keys), not ids, like members
 * hold group names: a rename updates them in the setting's own transaction, and deleting a setting
 * leaves past consultations as they were written.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id);

/** A setting that is only a name, unique within its company. */
const namedSettingTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    { id: serial('id').primaryKey(), companyId: companyId(), name: text('name').notNull(), createdAt: createdAt(), updatedAt: updatedAt() },
    (t) => [uniqueIndex(`${name}_company_name_unique`).on(t.companyId, t.name)],
  );

export const consultationInquiries = namedSettingTable('consultation_inquiries');
export const consultationDepartments = namedSettingTable('consultation_departments');
export const consultationBigCategories = namedSettingTable('consultation_big_categories');

/** A small category belongs to one big category and goes with it; its name is unique within that big one. */
export const consultationSmallCategories = pgTable(
  'consultation_small_categories',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    bigCategoryId: integer('big_category_id')
      .notNull()
      .references(() => consultationBigCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consultation_small_categories_big_name_unique').on(t.companyId, t.bigCategoryId, t.name),
    index('consultation_small_categories_big_idx').on(t.bigCategoryId),
  ],
);

export const consultationCustomFields = pgTable(
  'consultation_custom_fields',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** The key of the value inside `consultations.custom_fields`. */
    name: text('name').notNull(),
    fieldType: text('field_type').$type<'text' | 'number' | 'date'>().notNull().default('text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('consultation_custom_fields_company_name_unique').on(t.companyId, t.name),
    check('consultation_custom_fields_type_check', sql`${t.fieldType} in ('text', 'number', 'date')`),
  ],
);

export const consultations = pgTable(
  'consultations',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** The member the consultation is about; a deleted member leaves the consultation (and its number). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Who wrote it. Users are never hard-deleted; null only for imported records without an agent. */
    agentId: integer('agent_id').references(() => users.id, { onDelete: 'set null' }),
    /** The PBX uniqueid of the call it was written from (inbound/outbound pop-ups); null otherwise. */
    callUniqueid: text('call_uniqueid'),
    /** Digits only, domestic form, normalised like members' numbers (lib/phone.ts). */
    phoneNumber: text('phone_number').notNull(),
    direction: text('direction').$type<CallDirection>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    inquiry: text('inquiry'),
    department: text('department'),
    bigCategory: text('big_category').notNull(),
    smallCategory: text('small_category'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    treatmentResult: text('treatment_result').$type<TreatmentResult>().notNull().default('receipt'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's default order (newest first) and its date-range filter.
    index('consultations_company_created_idx').on(t.companyId, t.createdAt),
    // A caller's history in the call pop-ups, and the phone filter.
    index('consultations_company_phone_idx').on(t.companyId, t.phoneNumber),
    index('consultations_company_member_idx').on(t.companyId, t.memberId),
    // Deleting a member sets member_id null here (the foreign key's action, once per member; a company's
    // data destroy deletes a million): found by index, not by a scan of every company's consultations.
    index('consultations_member_idx').on(t.memberId),
    index('consultations_company_agent_idx').on(t.companyId, t.agentId),
    index('consultations_company_uniqueid_idx').on(t.companyId, t.callUniqueid),
    // Category filters and the rename cascades of the settings.
    index('consultations_company_big_small_idx').on(t.companyId, t.bigCategory, t.smallCategory),
    index('consultations_company_inquiry_idx').on(t.companyId, t.inquiry),
    index('consultations_company_department_idx').on(t.companyId, t.department),
    check('consultations_direction_check', sql`${t.direction} in ('inbound', 'outbound')`),
    check('consultations_treatment_result_check', sql`${t.treatmentResult} in ('receipt', 'progress', 'waiting', 'complete')`),
  ],
);

export type ConsultationRow = typeof consultations.$inferSelect;
