import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, nextPosition, previousPosition, rowRange, trailOf } from './cursor-paging';

describe('cursor paging', () => {
  it('goes forward keeping the way back, and back along it', () => {
    const p2 = nextPosition(FIRST_PAGE, 'c2');
    const p3 = nextPosition(p2, 'c3');
    expect(p3).toEqual({ page: 3, cursor: 'c3', trail: ['', 'c2'] });
    expect(previousPosition(p3)).toEqual(p2);
    expect(previousPosition(p2)).toEqual(FIRST_PAGE);
    expect(previousPosition(FIRST_PAGE)).toEqual(FIRST_PAGE);
  });

  it('goes back by page number when the trail was lost (a shared link)', () => {
    expect(previousPosition({ page: 5, cursor: 'c5', trail: [] })).toEqual({
      page: 4,
      cursor: null,
      trail: [],
    });
    // From a page asked for by number, the next one still goes by cursor.
    expect(nextPosition({ page: 4, cursor: null, trail: [] }, 'c5')).toEqual({
      page: 5,
      cursor: 'c5',
      trail: [''],
    });
    expect(previousPosition({ page: 5, cursor: 'c5', trail: [''] })).toEqual({
      page: 4,
      cursor: null,
      trail: [],
    });
  });

  it('reads only a list of strings from the history state', () => {
    expect(trailOf({ trail: ['', 'a'] })).toEqual(['', 'a']);
    expect(trailOf({ trail: [1] })).toEqual([]);
    expect(trailOf(null)).toEqual([]);
    expect(trailOf('x')).toEqual([]);
  });

  it('numbers the rows of a page', () => {
    expect(rowRange(1, 20, 20)).toEqual({ from: 1, to: 20 });
    expect(rowRange(2, 20, 5)).toEqual({ from: 21, to: 25 });
    expect(rowRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});
