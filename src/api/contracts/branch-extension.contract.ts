import { defineEntity } from '../entities/define-entity';
import { extensionField, phoneField, textField } from '../entities/entity-fields';

/** /branch-extension: extensions of the company's branches, and the number each forwards to. */
export const branchExtensionEntity = defineEntity({
  name: 'branch-extension',
  table: 'branch_extensions',
  fields: {
    extension: extensionField({ required: 'validation.branch_extension_required', unique: 'validation.branch_extension_taken', search: true, sort: true }),
    name: textField({ required: 'validation.branch_extension_name_required', search: true, sort: true }),
    branch: textField({ search: true, sort: true, filter: false }),
    forward_number: phoneField({ search: true }),
  },
  defaultSort: { sort_by: 'extension', sort_order: 'asc' },
  access: { read: { permission: 'branch_extension' }, write: { permission: 'branch_extension' } },
  export: true,
  screens: { list: '/branch-extension' },
});
