import type { EntityViewOverrides } from '../../ui/resource/entity-view';

/** The history's list adds the days it was written (date_from / date_to, Asia/Seoul) to its derived filters. */
export const transferHistoryView: EntityViewOverrides = {
  filters: {
    date_from: { kind: 'date', name: 'date_from', labelId: 'transfer-history.filter.date_from' },
    date_to: { kind: 'date', name: 'date_to', labelId: 'transfer-history.filter.date_to', notBefore: 'date_from' },
  },
};
