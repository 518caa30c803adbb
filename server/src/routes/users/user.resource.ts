import { userContract } from '../../../../src/api/contracts/user.contract';
import { users } from '../../db/schema';
import { defineServerResource } from '../../resources/resource-definition';
import { userFilters, userSearch, toUserRecord } from '../../services/users/user-record';
import { columnsOf } from '../../services/users/user-writes';

/**
 * Users as a resource (docs/resources.md): the list (search, filters, sort, pagination, company scope)
 * comes from the mechanism's repository. Writes go through services/users, because creating a user
 * hashes a password, checks usernames across companies and reloads the PBX directory.
 */
export const userResource = defineServerResource({
  contract: userContract,
  table: users,
  toRecord: toUserRecord,
  toValues: columnsOf,
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
});
