import { Button, ButtonGroup, Callout, H5, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { soundFileEntity } from '../../api/contracts/sound-file.contract';
import { TIME_CONDITION_TYPES, timeConditionEntity, type TimeConditionRecord, type TimeConditionType } from '../../api/contracts/time-condition.contract';
import { isApiError } from '../../api/errors';
import type { RecordOf } from '../../api/resources/resource-contract';
import { useResourceAll, useResourceRecord } from '../../api/resources/use-resource';
import { useResourceMutations } from '../../api/resources/use-resource-mutations';
import { useT } from '../../i18n/use-t';
import { usePopup } from '../../shell/popups/popup-context';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { RoutingApplyBar } from '../../ui/routing/routing-apply-bar';
import { SoundFilePlayer } from './sound-file-player';
import { soundFileView } from './sound-file.view';

type SoundFileRecord = RecordOf<typeof soundFileEntity.contract>;

const isConditionType = (value: string): value is TimeConditionType => (TIME_CONDITION_TYPES as readonly string[]).includes(value);

/** A condition as its update input: every field it was stored with, one replaced. */
function inputWith(condition: TimeConditionRecord, soundFileId: number | null): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const name of Object.keys(timeConditionEntity.fields)) input[name] = (condition as Record<string, unknown>)[name];
  input.sound_file_id = soundFileId;
  return input;
}

/**
 * `time-conditions/sound-file/{index}/{list}` (time-condition-sound-file, window-only, specification §2):
 * the sound file a time condition plays. `{list}` is the condition type (holiday, custom temporary
 * holiday, lunch hour, working hour) and `{index}` the condition's place in that list from 0, in the order
 * the routing meets them (by id). The window steps through the list, plays the current file, sets one of
 * the company's sound files (listened to, searched and uploaded in place) or removes it. Like every
 * routing change it is staged until Apply (docs/routing.md).
 */
export default function TimeConditionSoundFilePopup() {
  const t = useT();
  const params = usePopup()?.params ?? {};
  const list = String(params.list ?? '');
  const [index, setIndex] = useState(() => Number.parseInt(String(params.index ?? ''), 10));
  const type = isConditionType(list) ? list : null;
  const conditions = useResourceAll(timeConditionEntity.contract, type ? { type, sort_by: 'id', sort_order: 'asc' } : { id: -1 });

  if (!type) {
    return (
      <div data-testid="tc-sound-file-bad-list">
        <NonIdealState icon="error" title={t('time-condition.sound_file.no_list', { list })} />
      </div>
    );
  }
  if (conditions.isLoading) return <Spinner />;
  const all = conditions.data ?? [];
  const condition = Number.isInteger(index) ? all[index] : undefined;
  if (!condition) {
    return (
      <div data-testid="tc-sound-file-missing">
        <NonIdealState icon="search" title={t('time-condition.sound_file.no_condition')} description={conditions.error?.message} />
      </div>
    );
  }
  return (
    <section data-testid="tc-sound-file" style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16 }}>
      <RoutingApplyBar />
      <header style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <H5 style={{ margin: 0, flex: 1 }} data-testid="tc-sound-file-title">
          {t('time-condition.sound_file.heading', { type: t(`time-condition.type.${type}`), position: index + 1, count: all.length, name: condition.name })}
        </H5>
        <ButtonGroup>
          <Button icon="chevron-left" data-testid="tc-sound-file-previous" aria-label={t('time-condition.sound_file.previous')} disabled={index <= 0} onClick={() => setIndex(index - 1)} />
          <Button icon="chevron-right" data-testid="tc-sound-file-next" aria-label={t('time-condition.sound_file.next')} disabled={index >= all.length - 1} onClick={() => setIndex(index + 1)} />
        </ButtonGroup>
      </header>
      <ConditionSoundFile key={condition.id} condition={condition} />
    </section>
  );
}

/** The condition's current file, the way to remove it, and the company's files to choose from. */
function ConditionSoundFile({ condition }: { condition: TimeConditionRecord }) {
  const t = useT();
  const subject = useUserInfo();
  const { update } = useResourceMutations(timeConditionEntity.contract);
  const current = useResourceRecord(soundFileEntity.contract, condition.sound_file_id ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const choose = async (soundFileId: number | null) => {
    setSaving(true);
    setProblem(null);
    try {
      await update(condition.id, inputWith(condition, soundFileId) as never);
      void showToast(t(soundFileId === null ? 'time-condition.sound_file.removed' : 'time-condition.sound_file.set'));
    } catch (failure) {
      // A condition left with neither a destination nor a sound file: the specification's message.
      const fields = isApiError(failure) ? Object.values(failure.fieldErrors).flat() : [];
      if (fields.length > 0) setProblem(fields.join(' '));
      else showError(failure);
    } finally {
      setSaving(false);
    }
  };

  const view = useMemo(
    () =>
      viewOf(soundFileEntity, {
        ...soundFileView,
        slots: {
          rowActions: (record: Record<string, unknown>) => {
            const file = record as SoundFileRecord;
            return [
            {
              key: 'use',
              labelId: 'time-condition.sound_file.use',
              icon: 'tick',
              onClick: () => void choose(file.id),
              ...(file.id === condition.sound_file_id ? { disabledReasonId: 'time-condition.sound_file.already' as const } : {}),
            },
          ];
          },
        },
      }),
    // `choose` reads the condition, which is this component's key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [condition],
  );

  return (
    <>
      <Callout icon="music" data-testid="tc-sound-file-current" data-sound-file-id={condition.sound_file_id ?? ''}>
        {condition.sound_file_id === null || condition.sound_file_id === undefined ? (
          t('time-condition.sound_file.none')
        ) : (
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {t('time-condition.sound_file.current', { name: current.data?.name ?? `#${condition.sound_file_id}` })}
            {current.data && <SoundFilePlayer id={current.data.id} fileName={String(current.data.file_name ?? '')} />}
            <Button size="small" intent={Intent.DANGER} variant="minimal" icon="trash" data-testid="tc-sound-file-remove" loading={saving} text={t('time-condition.sound_file.remove')} onClick={() => void choose(null)} />
          </span>
        )}
      </Callout>
      {problem && (
        <Callout intent={Intent.DANGER} data-testid="tc-sound-file-problem">
          {problem}
        </Callout>
      )}
      <ResourceListPanel view={view} subject={subject} />
    </>
  );
}
