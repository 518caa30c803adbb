import { defineEntity } from '../entities/define-entity';
import { textareaField, textField } from '../entities/entity-fields';

/** /configuration/task/category: the categories tasks are filed under (specification §5's messages). */
export const taskCategoryEntity = defineEntity({
  name: 'task-category',
  table: 'task_categories',
  fields: {
    name: textField({ required: 'validation.task_category_name_required', unique: 'validation.task_category_name_taken', search: true, sort: true }),
    description: textareaField({ required: 'validation.task_category_description_required', search: true, list: true, max: 500 }),
  },
  combined: [{ fields: ['name', 'description'], message: 'validation.task_category_name_description_required' }],
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  access: { read: { roles: ['manager'] }, write: { roles: ['manager'] } },
  export: true,
  screens: { list: '/configuration/task/category' },
});
