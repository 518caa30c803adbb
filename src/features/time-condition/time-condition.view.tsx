import type { TimeConditionRecord, TimeConditionType } from '../../api/contracts/time-condition.contract';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { RoutingApplyBar } from '../../ui/routing/routing-apply-bar';
import { CompanyWorktimeLink } from './company-worktime-link';
import { TimeConditionSoundFileCell } from './time-condition-sound-file-cell';
import { TimeConditionWeek } from './time-condition-week';

/**
 * The `keyword` segment of time-condition/add/{keyword}/{type} and time-condition/edit/{id}/{keyword}/
 * {type}: the specification names it without saying what it holds; the list passes where it was opened
 * from. The form does not read it.
 */
export const TIME_CONDITION_KEYWORD = 'list';

/** The type a new condition starts as when the list's Add opens the pop-up. */
export const DEFAULT_NEW_CONDITION_TYPE: TimeConditionType = 'working_hour';

/** Opening add-time-condition for a type: the form starts with that type (the path's `type`). */
export const addConditionParams = (type: TimeConditionType = DEFAULT_NEW_CONDITION_TYPE) => ({ keyword: TIME_CONDITION_KEYWORD, type });

/**
 * What /time-conditions adds to its derived list: the week view above it (which condition holds at each
 * hour), the way to the company work time, and its pop-ups' path parameters (the type from the path presets the add form's `type`).
 */
export const timeConditionView: EntityViewOverrides = {
  columns: {
    // The file's name and the way to the time-condition-sound-file window at this condition.
    sound_file_id: { render: (record) => <TimeConditionSoundFileCell record={record as TimeConditionRecord} /> },
  },
  slots: {
    above: () => (
      <>
        <RoutingApplyBar />
        <CompanyWorktimeLink />
        <TimeConditionWeek />
      </>
    ),
  },
  popupParams: {
    add: () => addConditionParams(),
    edit: (record) => ({ keyword: TIME_CONDITION_KEYWORD, type: String(record.type ?? DEFAULT_NEW_CONDITION_TYPE) }),
  },
};
