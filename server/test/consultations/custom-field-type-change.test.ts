import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { customFieldCalls } from '../resources/custom-field-test-helpers';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { storeConsultation } from './consultation-test-helpers';

/**
 * A consultation custom field's type may only change to one every consultation's value fits, as for
 * members. Demo data: one demo consultation holds `order_no` "A-1001" (text), one `visit_date`
 * "2025-03-20" (date); acme has no custom fields.
 */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

const { fieldNamed, addField, changeType } = customFieldCalls(() => call, 'consultation-custom-field');

describe('consultation custom field type changes', () => {
  it('are refused while consultations hold values that do not fit, in English and Korean; other companies’ values never count', async () => {
    // acme: a non-number `order_no` of its own, which must not add to the demo company's count.
    await addField('order_no', 'acme-manager');
    await storeConsultation(call, 'acme-agent', { custom_fields: { order_no: 'ACME-7' } });

    const orderNo = await fieldNamed('order_no');
    const english = await changeType(orderNo, 'number');
    expect(english.statusCode, english.body).toBe(422);
    expect(english.json().errors).toEqual({
      field_type: ['Consultations holding a value that is not a number: 1 (for example “A-1001”). Fix or clear those values first, then change the type.'],
    });
    expect((await changeType(orderNo, 'date', 'manager', 'ko')).json().errors).toEqual({
      field_type: ['YYYY-MM-DD 형식의 날짜가 아닌 값을 가진 상담이 1건 있습니다(예: ‘A-1001’). 먼저 그 값을 고치거나 지운 뒤 유형을 바꿔 주세요.'],
    });
    expect(await fieldNamed('order_no')).toMatchObject({ field_type: 'text' });
  });

  it('are accepted when every value fits', async () => {
    const visitDate = await fieldNamed('visit_date');
    expect((await changeType(visitDate, 'text')).statusCode).toBe(200);
    expect((await changeType(visitDate, 'number')).json().errors).toEqual({
      field_type: ['Consultations holding a value that is not a number: 1 (for example “2025-03-20”). Fix or clear those values first, then change the type.'],
    });
    const back = await changeType(visitDate, 'date');
    expect(back.statusCode, back.body).toBe(200);

    const ticket = await addField('ticket');
    await storeConsultation(call, 'agent1', { custom_fields: { ticket: '1001' } });
    await storeConsultation(call, 'agent1', { custom_fields: { ticket: '-2.5' } });
    expect((await changeType(ticket, 'number')).statusCode).toBe(200);
    expect((await changeType(ticket, 'date')).statusCode).toBe(422);
  });

  it('are accepted when no consultation holds a value', async () => {
    const fresh = await addField('fresh');
    expect((await changeType(fresh, 'number')).statusCode).toBe(200);
    expect((await changeType(fresh, 'date')).statusCode).toBe(200);
    // acme's order_no holds "ACME-7"; the demo company's own order_no, with "A-1001", is refused.
    expect((await changeType(await fieldNamed('order_no'), 'number')).statusCode).toBe(422);
  });
});
