import { defineEntity } from '../entities/define-entity';
import { digitsField, enumField, textareaField } from '../entities/entity-fields';

/**
 * /messages/callback-number and messages/edit-callback/{id}: the numbers SMS are sent from, digits only
 * (specification §5), active or inactive (§6).
 */
export const callbackNumberEntity = defineEntity({
  name: 'callback-number',
  table: 'callback_numbers',
  fields: {
    number: digitsField({
      required: 'validation.callback_number_required',
      invalid: 'validation.callback_number_digits',
      unique: 'validation.callback_number_taken',
      search: true,
      sort: true,
    }),
    description: textareaField({ search: true, list: true, max: 500 }),
    status: enumField(['active', 'inactive'], { default: 'active', filter: true, sort: true }),
  },
  defaultSort: { sort_by: 'number', sort_order: 'asc' },
  access: { read: { permission: 'messages' }, write: { permission: 'messages' } },
  export: true,
  screens: { list: '/messages/callback-number', popups: { edit: 'edit-callback-number' } },
});
