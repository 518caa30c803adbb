import { useCallback } from 'react';
import { useT } from '../../i18n/use-t';
import type { ResourceOption } from './resource-view';

/** An option's text: data as it is, message ids translated. */
export function useOptionLabel(): (option: ResourceOption) => string {
  const t = useT();
  return useCallback((option) => ('label' in option ? option.label : t(option.labelId)), [t]);
}
