import { defineEntity } from '../entities/define-entity';
import { textareaField, textField } from '../entities/entity-fields';

/** /messages/category and the messages/category/add pop-up: categories of message templates. */
export const messageCategoryEntity = defineEntity({
  name: 'message-category',
  table: 'message_categories',
  fields: {
    title: textField({ required: 'validation.message_category_title_required', unique: 'validation.message_category_title_taken', search: true, sort: true }),
    description: textareaField({ required: 'validation.message_category_description_required', search: true, list: true, max: 500 }),
  },
  defaultSort: { sort_by: 'title', sort_order: 'asc' },
  access: { read: { permission: 'messages' }, write: { permission: 'messages' } },
  export: true,
  // The template form picks its category among all of them (POST message-category).
  routes: { all: true },
  screens: { list: '/messages/category', popups: { add: 'add-messages-category' } },
});
