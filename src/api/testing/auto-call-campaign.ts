import type { AutoCallCampaign } from '../contracts/auto-call.contract';

/** An auto-call campaign record as the server answers it, for screen tests (fields as CONTRACT §10). */
export function makeAutoCallCampaign(fields: Partial<AutoCallCampaign> & { id: number }): AutoCallCampaign {
  return {
    name: 'Spring sale',
    variant: 'studymax',
    caller_id: '0215880000',
    multiple: 2,
    extensions: ['1001'],
    sound_file_id: null,
    pacing: 'progressive',
    max_abandon_rate: 0.03,
    call_window: { start: '08:00', end: '21:00' },
    max_attempts: 3,
    retry_delay_s: 600,
    state: 'ready',
    created_at: '2026-11-26T00:00:00Z',
    updated_at: '2026-11-26T00:00:00Z',
    ...fields,
  } as AutoCallCampaign;
}
