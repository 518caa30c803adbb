import type { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { calendarField, destinationField, enumField, soundFileField, switchField, textField } from '../entities/entity-fields';

/**
 * The kinds of time condition, in the order they are met (CONTRACT §11; specification §4 "holiday,
 * then lunch time, then work time"): a custom temporary holiday ranks with holidays.
 */
export const TIME_CONDITION_TYPES = ['holiday', 'custom_temporary_holiday', 'lunch_hour', 'working_hour'] as const;
export type TimeConditionType = (typeof TIME_CONDITION_TYPES)[number];

/**
 * /time-conditions, time-condition/add/{keyword}/{type} and time-condition/edit/{id}/{keyword}/{type}
 * (CONTRACT §10, §11). A condition names ranges: weekdays (ISO, 1 Monday … 7 Sunday), a span of the
 * calendar (start month and day to end month and day) and a time of day (Asia/Seoul); see
 * src/api/routing/time-condition-rules.ts for exactly when it holds. While it holds, an inbound call goes
 * to its `destination`, or hears `sound_file_id` and is hung up. `korean_holidays`: a holiday condition
 * that also holds on every Korean public holiday (the holiday calendar, src/api/holidays).
 *
 * Specification §5: the start weekday, start time, start month and start day are each required; a
 * condition needs a destination or a sound file.
 */
export const timeConditionEntity = defineEntity({
  name: 'time-condition',
  table: 'time_conditions',
  fields: {
    name: textField({ required: 'validation.time_condition_name_required', search: true, sort: true, max: 100 }),
    type: enumField(TIME_CONDITION_TYPES, { default: 'working_hour', filter: true, sort: true }),
    start_weekday: calendarField('weekday', { required: 'validation.time_condition_start_weekday_required' }),
    end_weekday: calendarField('weekday'),
    start_month: calendarField('month', { required: 'validation.time_condition_start_month_required' }),
    end_month: calendarField('month'),
    start_date: calendarField('day', { required: 'validation.time_condition_start_date_required' }),
    end_date: calendarField('day'),
    start_hour: calendarField('hour', { required: 'validation.time_condition_start_time_required' }),
    start_minute: calendarField('minute'),
    end_hour: calendarField('hour'),
    end_minute: calendarField('minute'),
    destination: destinationField(),
    sound_file_id: soundFileField(),
    korean_holidays: switchField({ filter: true }),
  },
  combined: [{ fields: ['destination', 'sound_file_id'], message: 'validation.time_condition_destination_required' }],
  defaultSort: { sort_by: 'type', sort_order: 'asc' },
  // Specification §2: /time-conditions is guarded by the time_conditions permission (managers have all).
  access: { read: { permission: 'time_conditions' }, write: { permission: 'time_conditions' } },
  export: true,
  routes: { all: true },
  screens: { list: '/time-conditions', popups: { add: 'add-time-condition', edit: 'edit-time-condition' } },
});

export type TimeConditionRecord = z.infer<typeof timeConditionEntity.contract.record>;
