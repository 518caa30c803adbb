import { unsavedValues } from './form-changes';

const start = { title: '', content: '', big_category: '', custom_fields: {}, treatment_result: 'receipt', phone_number: '010' };
const shown = ['title', 'content', 'big_category', 'custom_fields', 'treatment_result'];

describe('unsavedValues', () => {
  it('is null while the shown fields are what the form started from', () => {
    expect(unsavedValues(start, start, shown)).toBeNull();
    // A value the form does not show (the pop-up's number) is not something the user typed.
    expect(unsavedValues({ ...start, phone_number: '011' }, start, shown)).toBeNull();
  });

  it('gives the shown fields once one of them changed', () => {
    expect(unsavedValues({ ...start, custom_fields: { visit_date: '2025-03-02' } }, start, shown)).toEqual({
      title: '', content: '', big_category: '', custom_fields: { visit_date: '2025-03-02' }, treatment_result: 'receipt',
    });
    expect(unsavedValues({ ...start, treatment_result: 'complete' }, start, shown)).not.toBeNull();
  });

  it('treats blank values alike, so erasing what was typed leaves nothing unsaved', () => {
    expect(unsavedValues({ ...start, custom_fields: { visit_date: '' }, title: null }, start, shown)).toBeNull();
    expect(unsavedValues({ a: { y: 1, x: 2 } }, { a: { x: 2, y: 1 } }, ['a'])).toBeNull();
  });
});
