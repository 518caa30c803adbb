import { Button, Callout, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useApplyRouting, useRoutingPending } from '../../api/resources/routing-api';
import type { RoutingChange } from '../../api/routing/routing.contract';
import { formatDateTime } from '../../i18n/dates';
import type { MessageId } from '../../i18n/message-ids';
import { useT, type Translate } from '../../i18n/use-t';
import { showError } from '../feedback/error-store';
import { showToast } from '../feedback/toaster';

/**
 * Above every routing list (inbound numbers, time conditions, IVRs, ring groups, callback groups): edits
 * are staged until Apply (specification section 4, docs/routing.md). Says what Apply would change, and
 * applies it; otherwise which version is live, since when and by whom.
 */
export function RoutingApplyBar() {
  const t = useT();
  const { data, error } = useRoutingPending();
  const applyRouting = useApplyRouting();
  const [applying, setApplying] = useState(false);
  if (error || !data) return null;
  const apply = async () => {
    setApplying(true);
    try {
      const applied = await applyRouting();
      // A PBX that keeps its own routing (Asterisk) may refuse it: the Apply stands, the PBX did not follow.
      if (applied.pbx && !applied.pbx.loaded) void showToast(t('routing.apply.pbx_failed', { version: applied.version }), Intent.WARNING);
      else void showToast(t('routing.apply.done', { version: applied.version }));
    } catch (failure) {
      showError(failure);
    } finally {
      setApplying(false);
    }
  };
  // A company on its own CTI server: that server routes its calls; say so before anything else.
  const external = data.routed_by === 'cti_server' && (
    <Callout compact icon="info-sign" intent={Intent.PRIMARY} data-testid="routing-external" style={{ marginBottom: 8 }}>
      {t('routing.apply.cti_server')}
    </Callout>
  );
  const live = data.version > 0 ? t('routing.apply.live', { version: data.version, at: data.applied_at ? formatDateTime(data.applied_at) : '', name: data.applied_by ?? '' }) : t('routing.apply.never');
  if (data.data.length === 0) {
    return (
      <>
        {external}
        <Callout compact icon="tick-circle" intent={Intent.SUCCESS} data-testid="routing-apply-bar" data-pending="0">
          {live}
        </Callout>
      </>
    );
  }
  return (
    <>
    {external}
    <Callout compact icon="warning-sign" intent={Intent.WARNING} data-testid="routing-apply-bar" data-pending={data.data.length} title={t('routing.apply.pending', { count: data.data.length })}>
      <ul style={{ margin: '4px 0 8px', paddingLeft: 20 }} data-testid="routing-pending-list">
        {data.data.map((change) => (
          <li key={`${change.section}:${change.key}`}>{describeChange(t, change)}</li>
        ))}
      </ul>
      <Button intent={Intent.PRIMARY} icon="play" loading={applying} data-testid="routing-apply" text={t('routing.apply.button')} onClick={() => void apply()} />
      <span style={{ marginLeft: 12 }}>{live}</span>
    </Callout>
    </>
  );
}

function describeChange(t: Translate, change: RoutingChange): string {
  return t(`routing.change.${change.change}` as MessageId, { what: t(`routing.section.${change.section}` as MessageId), key: change.key });
}
