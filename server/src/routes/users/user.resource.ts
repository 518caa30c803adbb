import { userContract } from '../../../../src/api/contracts/user.contract';
import { users } from '../../db/schema';
import { listConditions, listOrder } from '../../resources/list-query';
import { defineServerResource } from '../../resources/resource-definition';
import { userFilters, userSearch, toUserRecord } from '../../services/users/user-record';
import { userExportSheet } from '../../services/users/user-export';
import { columnsOf } from '../../services/users/user-writes';

/**
 * Users as a resource (docs/users.md): the list, view and export (search, filters, sort, pagination,
 * company scope, deleted users left out) come from the mechanism. Store, update and delete are the
 * resource's own routes (user-crud.routes.ts): creating a user takes a photo in a multipart body, hashes
 * a password and checks usernames across companies; deleting keeps the row (the username is never used
 * again) and ends the user's sessions; both reload the PBX directory.
 */
export const userResource = defineServerResource({
  contract: userContract,
  table: users,
  toRecord: toUserRecord,
  toValues: columnsOf,
  softDelete: users.deletedAt,
  ownRoutes: ['create', 'update', 'delete'],
  sortColumns: {
    id: users.id,
    name: users.name,
    username: users.username,
    extension: users.extension,
    role: users.role,
    status: users.status,
    created_at: users.createdAt,
  },
  search: userSearch,
  filters: userFilters,
  exportQuery: (scope, list, language, definition) => userExportSheet(scope, listConditions(definition, list), listOrder(definition, list), language),
  exportFileName: 'users',
});
