import { Classes, H5, Menu, MenuItem, Switch } from '@blueprintjs/core';
import type { InspectedActor } from '../../shell/inspection/inspection-types';
import { StatePanel } from '../../ui/feedback/state-panel';
import { useT } from '../../i18n/use-t';
import { ActorStatusTag } from './actor-status-tag';
import { buildActorTree, type ActorTreeItem } from './actor-tree-model';

export interface ActorListProps {
  actors: readonly InspectedActor[];
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  showFinished: boolean;
  onShowFinishedChange: (show: boolean) => void;
}

function rows(items: readonly ActorTreeItem[], depth = 0): { actor: InspectedActor; depth: number }[] {
  return items.flatMap((item) => [{ actor: item.actor, depth }, ...rows(item.children, depth + 1)]);
}

/** Live actors as an indented tree: roots (session, phone) first, each followed by its children. */
export function ActorList({ actors, selectedId, onSelect, showFinished, onShowFinishedChange }: ActorListProps) {
  const t = useT();
  const tree = rows(buildActorTree(actors, showFinished));
  return (
    <nav aria-label={t('inspector.actors.title')} style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <H5>{t('inspector.actors.title')}</H5>
      <Switch
        checked={showFinished}
        label={t('inspector.actors.show_finished')}
        onChange={(event) => onShowFinishedChange(event.currentTarget.checked)}
      />
      {tree.length === 0 ? (
        <StatePanel
          testId="inspector-no-actors"
          icon="graph"
          title={t('inspector.actors.empty.title')}
          description={t('inspector.actors.empty.description')}
        />
      ) : (
        <Menu style={{ overflow: 'auto', padding: 0, background: 'transparent' }} data-testid="inspector-actor-list">
          {tree.map(({ actor, depth }) => (
            <MenuItem
              key={actor.sessionId}
              data-actor-id={actor.sessionId}
              style={{ paddingLeft: 8 + depth * 16 }}
              icon={actor.machine ? 'diagram-tree' : 'function'}
              text={actor.name}
              title={actor.sessionId}
              active={actor.sessionId === selectedId}
              className={actor.status === 'active' ? undefined : Classes.TEXT_MUTED}
              labelElement={<ActorStatusTag status={actor.status} />}
              onClick={() => onSelect(actor.sessionId)}
            />
          ))}
        </Menu>
      )}
    </nav>
  );
}
