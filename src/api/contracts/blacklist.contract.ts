import { defineEntity } from '../entities/define-entity';
import { enumField, phoneField, textareaField } from '../entities/entity-fields';

/**
 * /blacklist and blacklist/add: numbers the PBX refuses, inbound (no pop-up, logged as blocked),
 * outbound (never dialled) or both (CONTRACT §10).
 */
export const blacklistEntity = defineEntity({
  name: 'blacklist',
  table: 'blacklist_entries',
  fields: {
    phone_number: phoneField({ required: 'validation.blacklist_phone_required', unique: 'validation.blacklist_phone_taken', search: true, sort: true }),
    direction: enumField(['inbound', 'outbound', 'both'], { default: 'both', filter: true, sort: true }),
    memo: textareaField({ search: true, list: true, max: 500 }),
  },
  access: { read: { permission: 'blacklist' }, write: { permission: 'blacklist' } },
  export: true,
  screens: { list: '/blacklist', popups: { add: 'add-blacklist' } },
});
