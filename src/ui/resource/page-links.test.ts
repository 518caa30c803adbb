import { pageLinks, pageRange } from './page-links';

describe('pageLinks: five pages either side (specification §9)', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 20, [1, 2, 3, 4, 5, 6]],
    [6, 20, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    [10, 20, [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]],
    [20, 20, [15, 16, 17, 18, 19, 20]],
    [30, 20, [15, 16, 17, 18, 19, 20]],
    [1, 0, [1]],
  ])('page %i of %i → %j', (page, last, expected) => {
    expect(pageLinks(page, last)).toEqual(expected);
  });
});

describe('pageRange', () => {
  it('answers the records a page shows', () => {
    expect(pageRange(1, 10, 57)).toEqual({ from: 1, to: 10 });
    expect(pageRange(6, 10, 57)).toEqual({ from: 51, to: 57 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
