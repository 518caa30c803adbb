import type { z } from 'zod';
import { updateBodySchema } from '../resources/resource-contract';
import { callbackNumberEntity } from '../contracts/callback-number.contract';
import { blacklistEntity } from '../contracts/blacklist.contract';
import { taskCategoryEntity } from '../contracts/task-category.contract';
import { transferEntity, transferHistoryEntity } from '../contracts/transfer.contract';
import { defineEntity } from './define-entity';
import { childrenField, destinationField, enumField, numberField, textField } from './entity-fields';
import { ENTITIES } from './entity-catalogue';

const messagesOf = (result: { success: boolean; error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('defineEntity', () => {
  it('derives the contract: record, sort fields, filters, search, access, operations, export', () => {
    const { contract } = blacklistEntity;
    expect(contract.path).toBe('blacklist');
    expect(contract.sortFields).toEqual(['phone_number', 'direction', 'id', 'created_at', 'updated_at']);
    expect(Object.keys(contract.filters)).toEqual(['direction']);
    expect(contract.searchable).toBe(true);
    expect(contract.access.delete).toEqual({ permission: 'blacklist' });
    expect(contract.operations).toEqual(['create', 'update', 'delete']);
    expect(contract.export).toEqual({ permission: 'blacklist' });
    expect(Object.keys(contract.record.shape)).toEqual(['id', 'phone_number', 'direction', 'memo', 'created_at', 'updated_at']);
  });

  it('reports each missing required field, or the combined message when all of a group are missing (§5)', () => {
    const input = taskCategoryEntity.contract.input;
    expect(messagesOf(input.safeParse({}))).toEqual({ name: 'validation.task_category_name_description_required' });
    expect(messagesOf(input.safeParse({ name: 'Sales' }))).toEqual({ description: 'validation.task_category_description_required' });
    expect(messagesOf(input.safeParse({ name: '  ', description: 'x' }))).toEqual({ name: 'validation.task_category_name_required' });
    expect(input.parse({ name: ' Sales ', description: 'Deals' })).toEqual({ name: 'Sales', description: 'Deals' });
  });

  it('keeps the required checks on update, next to the id', () => {
    const update = updateBodySchema(taskCategoryEntity.contract);
    expect(messagesOf(update.safeParse({ id: 3 }))).toEqual({ name: 'validation.task_category_name_description_required' });
    expect(messagesOf(update.safeParse({ id: 2147483648, name: 'a', description: 'b' }))).toEqual({ id: 'validation.id_invalid' });
  });

  it('normalises and checks by kind: phone numbers to digits, digits only, enum defaults', () => {
    expect(blacklistEntity.contract.input.parse({ phone_number: '+82 10-9999-0000' })).toEqual({ phone_number: '01099990000', direction: 'both', memo: '' });
    expect(messagesOf(blacklistEntity.contract.input.safeParse({ phone_number: 'abc' }))).toEqual({ phone_number: 'validation.phone_number_invalid' });
    expect(messagesOf(callbackNumberEntity.contract.input.safeParse({ number: '02-123-4567' }))).toEqual({ number: 'validation.callback_number_digits' });
    expect(callbackNumberEntity.contract.input.parse({ number: '021234567', status: '' })).toMatchObject({ status: 'active' });
  });

  it('checks child collections per element and destinations by type', () => {
    const entity = defineEntity({
      name: 'probe',
      table: 'probes',
      fields: {
        name: textField({ required: 'validation.required' }),
        retries: numberField({ min: 0, max: 5 }),
        options: childrenField({ digit: enumField(['0', '1', '#']), destination: destinationField({ required: 'validation.destination_required' }) }),
      },
      access: { read: {}, write: {} },
    });
    const result = entity.contract.input.safeParse({ name: 'x', retries: 9, options: [{ digit: '1', destination: { type: 'queue', target: '' } }, { digit: '#' }] });
    expect(messagesOf(result)).toEqual({
      retries: 'validation.number_out_of_range',
      'options.0.destination.target': 'validation.destination_target_required',
      'options.1.destination': 'validation.destination_required',
    });
    expect(entity.contract.input.parse({ name: 'x', options: [{ digit: '0', destination: { type: 'hangup', target: '9' } }] })).toEqual({
      name: 'x',
      retries: null,
      options: [{ digit: '0', destination: { type: 'hangup', target: null } }],
    });
  });

  it('checks ordered fields when both are given: a period ends after it starts', () => {
    const input = transferEntity.contract.input;
    const base = { extension: '1001', number: '01012345678' };
    expect(messagesOf(input.safeParse({ ...base, starts_at: '2026-12-01T09:00:00.000Z', ends_at: '2026-12-01T08:00:00.000Z' }))).toEqual({ ends_at: 'validation.transfer_period_order' });
    // Equal is not after.
    expect(messagesOf(input.safeParse({ ...base, starts_at: '2026-12-01T09:00:00.000Z', ends_at: '2026-12-01T09:00:00.000Z' }))).toEqual({ ends_at: 'validation.transfer_period_order' });
    expect(input.safeParse({ ...base, starts_at: '2026-12-01T09:00:00.000Z', ends_at: '2026-12-01T10:00:00.000Z' }).success).toBe(true);
    // Either end alone is fine (open-ended), and so is none.
    expect(input.safeParse({ ...base, ends_at: '2026-12-01T10:00:00.000Z' }).success).toBe(true);
    expect(input.safeParse({ ...base, starts_at: '2026-12-01T09:00:00.000Z' }).success).toBe(true);
    expect(input.safeParse(base).success).toBe(true);
    // The same rule on update, beside the id.
    expect(messagesOf(updateBodySchema(transferEntity.contract).safeParse({ id: 1, ...base, starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z' }))).toEqual({ ends_at: 'validation.transfer_period_order' });
    expect(transferEntity.ordered).toEqual([{ first: 'starts_at', then: 'ends_at', message: 'validation.transfer_period_order' }]);
  });

  it('adds the date_from / date_to filters (calendar days) with periodFilter, and only with it', () => {
    const filters = transferHistoryEntity.contract.filters as Record<string, z.ZodType>;
    expect(Object.keys(filters)).toEqual(['extension', 'action', 'source', 'user_id', 'date_from', 'date_to']);
    expect(transferHistoryEntity.periodFilter).toBe(true);
    expect(filters.date_from!.safeParse('2026-11-27').success).toBe(true);
    expect(filters.date_to!.safeParse('27/11/2026').success).toBe(false);
    expect(Object.keys(transferEntity.contract.filters)).not.toContain('date_from');
    expect(transferEntity.periodFilter).toBe(false);
  });

  it('names every entity once, with a path of its own', () => {
    const names = ENTITIES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(ENTITIES.map((e) => e.path)).size).toBe(names.length);
  });
});
