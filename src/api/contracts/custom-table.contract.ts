import { z } from 'zod';

/**
 * Custom table settings (specification §2 /configuration/custom-tables/*, issue 4 item 7): which
 * columns of four lists a company shows, and in what order. One row per company and table on the
 * server; managers edit them, every user of the company reads them (the lists apply them).
 *
 * The column catalogue below is the contract between the lists and the settings: a list's column keys
 * must be these (a test compares them with the member and consultation views). A key added here later
 * simply appears, visible, at the end of every company's saved order.
 */
export const CUSTOM_TABLE_COLUMNS = {
  members: ['name', 'phone_number', 'company_name', 'groups', 'levels', 'custom_fields', 'created_at', 'updated_at'],
  consultations: [
    'created_at',
    'title',
    'member_name',
    'phone_number',
    'direction',
    'agent_name',
    'inquiry',
    'department',
    'big_category',
    'small_category',
    'treatment_result',
    'content',
    'custom_fields',
    'call_uniqueid',
    'updated_at',
  ],
  // The call-statistics detail lists (src/features/call-history/call-details.resource.tsx) use these keys.
  'inbound-details': ['call_date', 'caller_number', 'member_name', 'queue', 'extension', 'agent_name', 'wait_duration', 'talk_duration', 'status', 'recording', 'consultation'],
  'outbound-details': ['call_date', 'extension', 'agent_name', 'dialed_number', 'caller_id', 'member_name', 'talk_duration', 'status', 'recording', 'consultation'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type CustomTableKey = keyof typeof CUSTOM_TABLE_COLUMNS;
export const CUSTOM_TABLE_KEYS = Object.keys(CUSTOM_TABLE_COLUMNS) as [CustomTableKey, ...CustomTableKey[]];
export const customTableKeySchema = z.enum(CUSTOM_TABLE_KEYS, { error: 'validation.custom_table_unknown' });

/** Columns shown by default when a company has saved nothing (the rest can be switched on). */
export const CUSTOM_TABLE_HIDDEN_BY_DEFAULT: Record<CustomTableKey, readonly string[]> = {
  members: ['custom_fields', 'updated_at'],
  consultations: ['content', 'custom_fields', 'call_uniqueid', 'updated_at'],
  'inbound-details': ['wait_duration'],
  'outbound-details': [],
};

export const customTableColumnSchema = z.object({ key: z.string().min(1).max(50), visible: z.boolean() });
export type CustomTableColumn = z.infer<typeof customTableColumnSchema>;

export const customTableSettingsSchema = z.object({
  table: customTableKeySchema,
  /** Every column of the table, in display order. */
  columns: z.array(customTableColumnSchema),
  /** True while the company has not saved its own settings (these are the defaults). */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type CustomTableSettings = z.infer<typeof customTableSettingsSchema>;

export const customTableViewBodySchema = z.object({ table: customTableKeySchema });

/**
 * `custom-table/update`: the columns in order. Each key of the table's catalogue at most once, at least
 * one visible; keys left out keep their place at the end, visible (the server answers the full list).
 */
export const customTableUpdateBodySchema = z
  .object({ table: customTableKeySchema, columns: z.array(customTableColumnSchema).min(1, 'validation.custom_table_columns_required').max(100) })
  .superRefine((body, ctx) => {
    // An empty list already has its own message (min above); zod still runs this check after it.
    if (body.columns.length === 0) return;
    const allowed: readonly string[] = CUSTOM_TABLE_COLUMNS[body.table];
    const keys = body.columns.map((c) => c.key);
    if (keys.some((key) => !allowed.includes(key)) || new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'validation.custom_table_columns_invalid' });
    } else if (!body.columns.some((c) => c.visible)) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'validation.custom_table_one_visible' });
    }
  });
export type CustomTableUpdateBody = z.infer<typeof customTableUpdateBodySchema>;

export const customTableListSchema = z.object({ data: z.array(customTableSettingsSchema) });

export const CUSTOM_TABLE_PATHS = {
  /** Every table's settings for the caller's company. */
  list: 'custom-table/list',
  view: 'custom-table/view',
  update: 'custom-table/update',
  /** Back to the defaults (the company's row is removed). */
  reset: 'custom-table/reset',
} as const;

/** The columns a company would see with nothing saved. */
export function defaultCustomTableColumns(table: CustomTableKey): CustomTableColumn[] {
  const hidden = CUSTOM_TABLE_HIDDEN_BY_DEFAULT[table];
  return CUSTOM_TABLE_COLUMNS[table].map((key) => ({ key, visible: !hidden.includes(key) }));
}

/**
 * Saved columns made whole against the catalogue: unknown keys (a column since removed) are dropped,
 * catalogue keys missing from the saved order are appended visible, so a new column is never lost.
 */
export function completeCustomTableColumns(table: CustomTableKey, saved: readonly CustomTableColumn[]): CustomTableColumn[] {
  const catalogue: readonly string[] = CUSTOM_TABLE_COLUMNS[table];
  const kept = saved.filter((c, index) => catalogue.includes(c.key) && saved.findIndex((d) => d.key === c.key) === index);
  const missing = catalogue.filter((key) => !kept.some((c) => c.key === key)).map((key) => ({ key, visible: true }));
  return [...kept, ...missing];
}
