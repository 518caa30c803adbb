import { consultationInputSchema } from '../../../src/api/contracts/consultation.contract';
import { memberInputSchema } from '../../../src/api/contracts/member.contract';
import { consultationResource } from '../../src/routes/consultations/consultation.resource';
import { memberResource } from '../../src/routes/members/member.resource';
import { consultationColumns } from '../../src/services/import/consultation/consultation-row';
import { memberColumns, textArrayLiteral } from '../../src/services/import/member/member-row';

/**
 * The import writes rows without the resources' modules (they would slow the worker's start); these
 * checks keep its columns equal to what member/store and consultation/store write.
 */
const pgArray = (values: readonly string[] | undefined) => textArrayLiteral(values ?? []);
const json = (value: unknown) => JSON.stringify(value ?? {});

describe('import columns match the resources’ toValues', () => {
  it.each([
    { name: ' 홍길동 ', phone_number: '+82 10-1234-5678', company_name: ' 한빛 ', groups: ['VIP', 'VIP', '기업'], levels: ['Gold'], custom_fields: { city: '서울', birthday: '' } },
    { name: 'A "quoted" \\ name', phone_number: '(02) 123.4567', groups: ['a,b', 'say "hi"'], custom_fields: {} },
  ])('member %#', (raw) => {
    const input = memberInputSchema.parse(raw);
    const values = memberResource.toValues(input);
    expect(memberColumns(input)).toEqual([
      values.name,
      values.phoneNumber,
      values.companyName,
      pgArray(values.groups),
      pgArray(values.levels),
      json(values.customFields),
    ]);
  });

  it.each([
    { phone_number: '0082-10-5555-0001', direction: 'outbound', title: ' 배송 ', content: 'x', inquiry: '불만', department: '', big_category: '배송', small_category: '지연', custom_fields: { order_no: 'A-1', visit_date: '' }, treatment_result: 'complete' },
    { phone_number: '010 9999 0000', direction: 'inbound', title: 'T', big_category: '기타' },
  ])('consultation %#', (raw) => {
    const input = consultationInputSchema.parse(raw);
    const values = consultationResource.toValues(input);
    expect(consultationColumns(input, 7, null)).toEqual([
      '7',
      values.phoneNumber,
      values.direction,
      values.title,
      values.content,
      values.inquiry,
      values.department,
      values.bigCategory,
      values.smallCategory,
      json(values.customFields),
      values.treatmentResult,
      null,
    ]);
  });
});
