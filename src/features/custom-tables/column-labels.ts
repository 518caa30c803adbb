import type { CUSTOM_TABLE_COLUMNS, CustomTableKey } from '../../api/contracts/custom-table.contract';
import type { MessageId } from '../../i18n/message-ids';

type Labels<K extends CustomTableKey> = Record<(typeof CUSTOM_TABLE_COLUMNS)[K][number], MessageId>;

/**
 * The label of every column of the custom table catalogue, the same ids the lists' own column
 * definitions use (a test compares the member and consultation lists' columns with the catalogue).
 */
export const CUSTOM_TABLE_COLUMN_LABELS: { [K in CustomTableKey]: Labels<K> } = {
  members: {
    name: 'member.field.name',
    phone_number: 'member.field.phone_number',
    company_name: 'member.field.company_name',
    groups: 'member.field.groups',
    levels: 'member.field.levels',
    custom_fields: 'member.field.custom_fields',
    created_at: 'member.field.created_at',
    updated_at: 'member.field.updated_at',
  },
  consultations: {
    created_at: 'consultation.field.created_at',
    title: 'consultation.field.title',
    member_name: 'consultation.field.member',
    phone_number: 'consultation.field.phone_number',
    direction: 'consultation.field.direction',
    agent_name: 'consultation.field.agent',
    inquiry: 'consultation.field.inquiry',
    department: 'consultation.field.department',
    big_category: 'consultation.field.big_category',
    small_category: 'consultation.field.small_category',
    treatment_result: 'consultation.field.treatment_result',
    content: 'consultation.field.content',
    custom_fields: 'consultation.field.custom_fields',
    call_uniqueid: 'consultation.field.call_uniqueid',
    updated_at: 'consultation.field.updated_at',
  },
  'inbound-details': {
    call_date: 'custom_table.column.call_date',
    caller_number: 'custom_table.column.caller_number',
    member_name: 'custom_table.column.member_name',
    queue: 'custom_table.column.queue',
    extension: 'custom_table.column.extension',
    agent_name: 'custom_table.column.agent_name',
    wait_duration: 'custom_table.column.wait_duration',
    talk_duration: 'custom_table.column.talk_duration',
    status: 'custom_table.column.status',
    recording: 'custom_table.column.recording',
    consultation: 'custom_table.column.consultation',
  },
  'outbound-details': {
    call_date: 'custom_table.column.call_date',
    extension: 'custom_table.column.extension',
    agent_name: 'custom_table.column.agent_name',
    dialed_number: 'custom_table.column.dialed_number',
    caller_id: 'custom_table.column.caller_id',
    member_name: 'custom_table.column.member_name',
    talk_duration: 'custom_table.column.talk_duration',
    status: 'custom_table.column.status',
    recording: 'custom_table.column.recording',
    consultation: 'custom_table.column.consultation',
  },
};

/** A column key's label id; a key the catalogue does not know shows as the key itself. */
export function columnLabelId(table: CustomTableKey, key: string): MessageId | undefined {
  return (CUSTOM_TABLE_COLUMN_LABELS[table] as Record<string, MessageId>)[key];
}
