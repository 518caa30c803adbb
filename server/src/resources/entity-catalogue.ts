import { ENTITIES } from '../../../src/api/entities/entity-catalogue';
import { ENTITY_PARTS } from './entity-parts';
import { entityResource } from './entity-resource';
import type { AnyServerResource } from './resource-definition';

/**
 * The server resource of every entity in the shared catalogue: the routes are registered from this list
 * (routes/entities.routes.ts) and the contract test walks it, so a new entity needs neither.
 */
export const ENTITY_RESOURCES: readonly AnyServerResource[] = ENTITIES.map((entity) => entityResource(entity, ENTITY_PARTS[entity.name]));
