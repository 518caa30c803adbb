import { useMemo, useState } from 'react';
import { autoCallEntity, type AutoCallCampaign, type AutoCallRunAction, type AutoCallVariant } from '../../api/contracts/auto-call.contract';
import { useAutoCallActions, useAutoCallRunPush, type AutoCallRunConnect } from '../../api/resources/auto-call-api';
import { openPopup } from '../../shell/popups/open-popup';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showError } from '../../ui/feedback/error-store';
import { PageFrame } from '../../ui/page/page-frame';
import { viewOf } from '../../ui/resource/entity-view';
import { ResourceListPanel } from '../../ui/resource/resource-list-panel';
import { AutoCallNumbersPanel } from './auto-call-numbers-panel';
import { autoCallView } from './auto-call.view';

/** The pop-ups of each variant (src/shell/popups/popup-table.ts), opened with the campaign's id. */
export const AUTO_CALL_POPUPS = {
  studymax: { main: 'auto-call-system', upload: 'upload-auto-call-system-data', export: 'export-auto-call-system-data', delete: 'delete-auto-call-system-data' },
  public: {
    main: 'public-auto-call-system',
    upload: 'upload-public-auto-call-system-data',
    export: 'export-public-auto-call-system-data',
    delete: 'delete-public-auto-call-system-data',
  },
} as const;

export interface AutoCallScreenProps {
  variant: AutoCallVariant;
  /** A top-level route draws its title; the pop-up's window has its own. @default true */
  framed?: boolean;
  /** The socket the runs are pushed on (tests give a fake). */
  connect?: AutoCallRunConnect;
}

/**
 * /auto-call-system (studymax) and /auto-call-system/public, and their pop-ups auto-call-system and
 * public-auto-call-system (docs/auto-call.md): the campaigns of the route's variant with their form, the
 * state as a tag, the numbers and results; per campaign Upload / Export / Delete numbers (pop-ups), the
 * run's Start / Pause / Resume / Cancel, and its numbers in a panel under the list.
 */
export function AutoCallScreen({ variant, framed = true, connect }: AutoCallScreenProps) {
  const userInfo = useUserInfo();
  const { run } = useAutoCallActions();
  // Pushed runs re-read the list, and the row buttons follow what each run allows now.
  const runs = useAutoCallRunPush(connect);
  const [selected, setSelected] = useState<Pick<AutoCallCampaign, 'id' | 'name'> | null>(null);
  const popups = AUTO_CALL_POPUPS[variant];
  const view = useMemo(
    () =>
      viewOf(
        autoCallEntity,
        autoCallView(variant, {
          onNumbers: (campaign) => setSelected({ id: campaign.id, name: campaign.name }),
          onUpload: (campaign) => void openPopup(popups.upload, { campaign_id: campaign.id }),
          onExport: (campaign) => void openPopup(popups.export, { campaign_id: campaign.id }),
          onDeleteNumbers: (campaign) => void openPopup(popups.delete, { campaign_id: campaign.id }),
          onRun: (action: AutoCallRunAction, campaign) => void run(action, campaign.id).catch(showError),
          actionsOf: (campaign) => runs.get(campaign.id)?.actions,
        }),
      ),
    [variant, popups, run, runs],
  );
  const panel = (
    <div data-testid={`auto-call-screen-${variant}`}>
      <ResourceListPanel view={view} subject={userInfo} initialQuery={{ variant } as never} addValues={{ variant }} />
      {selected && <AutoCallNumbersPanel key={selected.id} campaign={selected} onClose={() => setSelected(null)} />}
    </div>
  );
  return framed ? <PageFrame titleId={variant === 'public' ? 'route.auto_call_system_public' : 'route.auto_call_system'}>{panel}</PageFrame> : panel;
}
