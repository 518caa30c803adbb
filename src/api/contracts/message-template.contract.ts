import { defineEntity } from '../entities/define-entity';
import { referenceField, textareaField, textField } from '../entities/entity-fields';

/** /messages/template, add-message-template and edit-message-template/{id}: SMS texts to start from. */
export const messageTemplateEntity = defineEntity({
  name: 'message-template',
  table: 'message_templates',
  fields: {
    title: textField({ required: 'validation.message_template_title_required', search: true, sort: true }),
    content: textareaField({ required: 'validation.message_template_content_required', search: true, list: true, max: 2000 }),
    category_id: referenceField('message-category', { filter: true }),
  },
  defaultSort: { sort_by: 'title', sort_order: 'asc' },
  access: { read: { permission: 'messages' }, write: { permission: 'messages' } },
  export: true,
  screens: { list: '/messages/template', popups: { add: 'add-message-template', edit: 'edit-message-template' } },
});
