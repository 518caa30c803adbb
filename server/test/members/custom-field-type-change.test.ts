import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { customFieldCalls, type CustomField, type Manager } from '../resources/custom-field-test-helpers';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * A member custom field's type may only change to one every member's value fits (QA: `city` → number
 * while members held "서울" left them uneditable). Demo data: demo members 김민준 (city 서울), 이서연 and
 * 이도현 (city 부산); acme's `city` field has no values.
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

const { fieldNamed, addField, changeType } = customFieldCalls(() => call, 'member-custom-field');

type Member = { id: number; name: string; phone_number: string; groups: string[]; levels: string[]; custom_fields: Record<string, string> };
const memberNamed = async (name: string, username: Manager = 'manager') => {
  const [member] = (await call(username, '/member/list', { search: name })).json().data as Member[];
  if (!member) throw new Error(`no member ${name}`);
  return member;
};
/** Saves the member as the edit form would, with these custom field values (and nothing else changed). */
const saveMember = async (name: string, customFields: Record<string, string>, username: Manager = 'manager') => {
  const member = await memberNamed(name, username);
  const { id, phone_number, groups, levels } = member;
  return call(username, '/member/update', { id, name, phone_number, groups, levels, custom_fields: customFields });
};

describe('a type change the members’ values do not fit is refused', () => {
  it('says how many members and gives an example, in English and Korean, under field_type', async () => {
    const city = await fieldNamed('city');
    const english = await changeType(city, 'number');
    expect(english.statusCode, english.body).toBe(422);
    expect(english.json().errors).toEqual({
      field_type: ['Members holding a value that is not a number: 3 (for example “부산”). Fix or clear those values first, then change the type.'],
    });
    const korean = await changeType(city, 'number', 'manager', 'ko');
    expect(korean.json().errors).toEqual({
      field_type: ['숫자가 아닌 값을 가진 회원이 3명 있습니다(예: ‘부산’). 먼저 그 값을 고치거나 지운 뒤 유형을 바꿔 주세요.'],
    });
    expect((await changeType(city, 'date')).json().errors).toEqual({
      field_type: ['Members holding a value that is not a YYYY-MM-DD date: 3 (for example “부산”). Fix or clear those values first, then change the type.'],
    });
  });

  it('leaves the field and the members as they were, even with a rename in the same update', async () => {
    const city = await fieldNamed('city');
    const response = await call('manager', '/member-custom-field/update', { id: city.id, name: '도시', field_type: 'number' });
    expect(response.statusCode).toBe(422);
    expect(await fieldNamed('city')).toMatchObject({ id: city.id, field_type: 'text' });
    expect((await memberNamed('김민준')).custom_fields).toEqual({ city: '서울' });
    expect((await saveMember('김민준', { city: '서울' })).statusCode).toBe(200);
  });
});

describe('a type change every value fits is accepted', () => {
  it('after the manager fixes the value that did not fit; the members stay editable', async () => {
    const visits = await addField('visits');
    expect((await saveMember('김민준', { city: '서울', visits: '12' })).statusCode).toBe(200);
    expect((await saveMember('이서연', { city: '부산', visits: 'twelve' })).statusCode).toBe(200);
    expect((await changeType(visits, 'number')).json().errors).toEqual({
      field_type: ['Members holding a value that is not a number: 1 (for example “twelve”). Fix or clear those values first, then change the type.'],
    });

    expect((await saveMember('이서연', { city: '부산', visits: '12.5' })).statusCode).toBe(200);
    const accepted = await changeType(visits, 'number');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(dataOf<CustomField>(accepted).field_type).toBe('number');
    expect((await saveMember('김민준', { city: '서울', visits: '13' })).statusCode).toBe(200);
    // Anything fits text.
    expect((await changeType(await fieldNamed('city'), 'text')).statusCode).toBe(200);
    expect((await changeType(visits, 'text')).statusCode).toBe(200);
  });

  it('when no member holds a value, e.g. once they are cleared', async () => {
    const since = await addField('since');
    expect((await saveMember('이도현', { city: '부산', since: 'last year' })).statusCode).toBe(200);
    expect((await changeType(since, 'date')).statusCode).toBe(422);

    expect((await saveMember('이도현', { city: '부산' })).statusCode).toBe(200);
    expect((await changeType(since, 'date')).statusCode).toBe(200);
    const fresh = await addField('fresh');
    expect((await changeType(fresh, 'number')).statusCode).toBe(200);
  });
});

describe('only the company’s own members count', () => {
  it('another company’s values neither refuse a change nor add to the count', async () => {
    // acme: a `code` field holding a non-number, and a city value.
    const acmeCode = await addField('code', 'acme-manager');
    expect((await saveMember('강지호', { city: 'Boston', code: 'ACME-X' }, 'acme-manager')).statusCode).toBe(200);
    // demo: the same names; its only `code` value is a number.
    const code = await addField('code');
    expect((await saveMember('김민준', { city: '서울', code: '42' })).statusCode).toBe(200);

    expect((await changeType(code, 'number')).statusCode).toBe(200);
    expect((await changeType(await fieldNamed('city'), 'number')).json().errors).toEqual({
      field_type: ['Members holding a value that is not a number: 3 (for example “부산”). Fix or clear those values first, then change the type.'],
    });
    expect((await changeType(acmeCode, 'number', 'acme-manager')).json().errors).toEqual({
      field_type: ['Members holding a value that is not a number: 1 (for example “ACME-X”). Fix or clear those values first, then change the type.'],
    });
  });
});
