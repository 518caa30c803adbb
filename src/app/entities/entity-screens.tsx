import type { ComponentType } from 'react';
import type { AnyEntity, EntityPopupRole } from '../../api/entities/define-entity';
import { ENTITIES } from '../../api/entities/entity-catalogue';
import type { AccessRule } from '../../api/resources/resource-contract';
import type { ScreenLoader } from '../../ui/lazy/load-with-timeout';
import { ENTITY_VIEWS } from './entity-views';

/**
 * The screens of the catalogue's entities, for the route table and the pop-up registry
 * (docs/resources.md "Entities"): a route whose path an entity names as `screens.list` shows that
 * entity's list, a pop-up it names in `screens.popups` its form or record. Each loads the generic
 * screen and, when the entity has one, its client view file (entity-views.ts), and binds them to the
 * entity. Loaders are made once per screen, so a revisit renders at once (ui/lazy).
 */

const loaders = new Map<string, ScreenLoader>();

function once(key: string, load: () => Promise<ComponentType>): ScreenLoader {
  let loader = loaders.get(key);
  if (!loader) {
    let loaded: Promise<{ default: ComponentType }> | undefined;
    loader = () => {
      if (!loaded) {
        loaded = load().then((screen) => ({ default: screen }));
        // A failed load is not kept: a retry loads again.
        loaded.catch(() => {
          loaded = undefined;
        });
      }
      return loaded;
    };
    loaders.set(key, loader);
  }
  return loader;
}

const overridesOf = (entity: AnyEntity) => ENTITY_VIEWS[entity.name]?.() ?? Promise.resolve(undefined);

/** The list screen of the entity listed at `fullPath`, if one is; `framed` for a top-level route (its own title). */
export function entityListScreen(fullPath: string, framed: boolean): ScreenLoader | undefined {
  const entity = ENTITIES.find((e) => e.screens.list === fullPath);
  if (!entity) return undefined;
  return once(`list:${entity.name}`, async () => {
    const [{ EntityListScreen }, overrides] = await Promise.all([import('../../features/entities/entity-list-screen'), overridesOf(entity)]);
    return function EntityList() {
      return <EntityListScreen entity={entity} overrides={overrides} framed={framed} />;
    };
  });
}

/** The entity and role of a pop-up an entity names. */
function popupOf(popupId: string): { entity: AnyEntity; role: EntityPopupRole } | undefined {
  for (const entity of ENTITIES) {
    const popups = entity.screens.popups ?? {};
    const role = (['add', 'edit', 'view'] as const).find((r) => popups[r] === popupId);
    if (role) return { entity, role };
  }
  return undefined;
}

/** The screen of a pop-up an entity names: its empty form, a record's form or a record. */
export function entityPopupScreen(popupId: string): ScreenLoader | undefined {
  const found = popupOf(popupId);
  if (!found) return undefined;
  const { entity, role } = found;
  return once(`popup:${popupId}`, async () => {
    const [{ EntityPopup }, overrides] = await Promise.all([import('../../features/entities/entity-popup'), overridesOf(entity)]);
    return function EntityPopupScreen() {
      return <EntityPopup entity={entity} role={role} overrides={overrides} />;
    };
  });
}

/** Who may open an entity's pop-up: the rule of what it does (add: create, edit: update, view: read). */
export function entityPopupAccess(popupId: string): AccessRule | undefined {
  const found = popupOf(popupId);
  if (!found) return undefined;
  const operation = { add: 'create', edit: 'update', view: 'read' } as const;
  return found.entity.contract.access[operation[found.role]];
}
