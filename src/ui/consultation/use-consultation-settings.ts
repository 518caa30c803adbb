import useSWR, { type SWRResponse } from 'swr';
import { consultationSettingsSchema, type ConsultationSettings } from '../../api/contracts/consultation-settings.contract';
import { toApiError, type ApiError } from '../../api/errors';
import { http } from '../../api/http';

/** Under the consultation's path, so any consultation or setting write makes it stale. */
export const CONSULTATION_SETTINGS_PATH = 'consultation/get-settings';

async function fetchSettings(): Promise<ConsultationSettings> {
  try {
    const { data } = await http.post<unknown>(CONSULTATION_SETTINGS_PATH, {});
    return consultationSettingsSchema.parse(data);
  } catch (err) {
    throw toApiError(err);
  }
}

/** The inquiries, departments, categories, custom fields and agents a consultation form and filters offer. */
export function useConsultationSettings(): SWRResponse<ConsultationSettings, ApiError> {
  return useSWR([CONSULTATION_SETTINGS_PATH, {}] as const, fetchSettings);
}
