import { useMemo } from 'react';
import type { AnyEntity } from '../../api/entities/define-entity';
import { useUserInfo } from '../../shell/session/session-selectors';
import { useScreenInfo } from '../../ui/feedback/screen-info';
import { PageFrame } from '../../ui/page/page-frame';
import { viewOf, type EntityViewOverrides } from '../../ui/resource/entity-view';
import { ResourceListPanel, type ResourceListPanelProps } from '../../ui/resource/resource-list-panel';
import { hasPopup, openEntityPopup } from './open-entity-popup';

export interface EntityListScreenProps {
  entity: AnyEntity;
  /** The entity's client view file, if it has one (src/app/entities/entity-views.ts). */
  overrides?: EntityViewOverrides;
  /** A top-level route draws its own title; a section's tab sits under the section's. @default false */
  framed?: boolean;
}

/**
 * The list screen of any entity (docs/resources.md "Entities"): the generic list, form, view and delete
 * derived from its description. Add, edit and view open the pop-ups the entity names
 * (`screens.popups`), else the list's own dialogs.
 */
export function EntityListScreen({ entity, overrides, framed = false }: EntityListScreenProps) {
  const userInfo = useUserInfo();
  const info = useScreenInfo();
  const view = useMemo(() => viewOf(entity, overrides), [entity, overrides]);
  const { add, edit, view: viewPopup } = entity.screens.popups ?? {};
  const idOf = (record: unknown) => (record as { id: number }).id;
  const opens: Partial<ResourceListPanelProps<AnyEntity['contract']>> = {
    ...(hasPopup(add) ? { onAdd: () => void openEntityPopup(add, overrides?.popupParams?.add?.() ?? {}) } : {}),
    ...(hasPopup(edit) ? { onEdit: (record) => void openEntityPopup(edit, { ...overrides?.popupParams?.edit?.(record as Record<string, unknown>), id: idOf(record) }) } : {}),
    ...(hasPopup(viewPopup) ? { onView: (record) => void openEntityPopup(viewPopup, { id: idOf(record) }) } : {}),
  };
  const panel = <ResourceListPanel view={view} subject={userInfo} {...opens} />;
  return framed && info ? <PageFrame titleId={info.titleId}>{panel}</PageFrame> : panel;
}
