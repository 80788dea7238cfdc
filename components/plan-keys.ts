import type { Key } from 'ink';
import type { ViewControls } from '../src/app/view-controls';
import type { PlanScroll, PlanShown } from '../src/store/plan-view';

/**
 * The focused plan panel's keys, asked by the keypress layer (keys.ts) before the global
 * ones: the arrows, PgUp/PgDn and Home/End scroll it, Esc (or Enter) gives the focus back
 * to the prompt; Ctrl+T (fold), Ctrl+C and Shift+Tab keep their meaning. Any other key gives the
 * focus back and goes on to the prompt, so typing is never lost. `plan`: what the layout
 * shows now. Returns true when the key was the panel's.
 */
export function planPanelKey(
  input: string,
  key: Key,
  view: ViewControls,
  plan: () => PlanShown | null,
): boolean {
  const window = plan()?.window;
  // The list went away while focused: nothing to scroll.
  if (!window) return (view.leavePlan(), false);
  if ((key.ctrl && (input === 't' || input === 'c')) || (key.tab && key.shift)) return false;
  // Enter too only gives the focus back: a prompt typed before is not sent by surprise.
  if (key.escape || key.return) return (view.leavePlan(), true);
  const move = planScroll(key);
  if (move) return (view.scrollPlan(move, window), true);
  view.leavePlan();
  return false;
}

function planScroll(key: Key): PlanScroll | null {
  if (key.upArrow) return 'up';
  if (key.downArrow) return 'down';
  if (key.pageUp) return 'pageUp';
  if (key.pageDown) return 'pageDown';
  if (key.home) return 'home';
  if (key.end) return 'end';
  return null;
}
