import { describe, expect, test } from 'vitest';
import {
  PLAN_NORMAL,
  planCycled,
  planScrolled,
  scrolledTop,
  type PlanShown,
} from '../../src/store/plan-view';

const summarised: PlanShown = { summarised: true, window: null };
const fits: PlanShown = { summarised: false, window: null };

describe('Ctrl+T', () => {
  test('a list with more than it shows: normal → focused → folded → normal', () => {
    const focused = planCycled(PLAN_NORMAL, summarised);
    expect(focused).toEqual({ mode: 'focused', top: null });
    const folded = planCycled({ ...focused, top: 7 }, summarised);
    expect(folded).toEqual({ mode: 'folded', top: null });
    expect(planCycled(folded, fits)).toEqual(PLAN_NORMAL);
  });

  test('a list that fits has nothing to scroll: normal → folded', () => {
    expect(planCycled(PLAN_NORMAL, fits)).toEqual({ mode: 'folded', top: null });
    expect(planCycled(PLAN_NORMAL, null)).toEqual({ mode: 'folded', top: null });
  });
});

describe('scrolling the focused panel', () => {
  const window = { top: 10, page: 18, maxTop: 21 };

  test('Up/Down one item, PgUp/PgDn a page, Home/End the ends', () => {
    expect(scrolledTop(window, 'up')).toBe(9);
    expect(scrolledTop(window, 'down')).toBe(11);
    expect(scrolledTop(window, 'pageUp')).toBe(0);
    expect(scrolledTop(window, 'pageDown')).toBe(21);
    expect(scrolledTop(window, 'home')).toBe(0);
    expect(scrolledTop(window, 'end')).toBe(21);
  });

  test('kept within 0…maxTop at both ends', () => {
    expect(scrolledTop({ top: 0, page: 5, maxTop: 21 }, 'up')).toBe(0);
    expect(scrolledTop({ top: 21, page: 5, maxTop: 21 }, 'down')).toBe(21);
    expect(scrolledTop({ top: 0, page: 5, maxTop: 0 }, 'end')).toBe(0);
  });

  test('a scrolled panel no longer follows the work (top is set)', () => {
    expect(planScrolled({ mode: 'focused', top: null }, 'down', window)).toEqual({
      mode: 'focused',
      top: 11,
    });
  });
});
