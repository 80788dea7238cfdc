/**
 * Every change tick makes to Ink's private parts, in one place. Ink's Output and its
 * instance are not public API, so each patch first checks that the installed Ink is the
 * one they were written for (version and shape) and otherwise leaves Ink as it is, which
 * is slower but correct. Tests render through this same module (test/component/helpers.tsx).
 *
 * Not here: the bundle gives Ink the app's cached text width in place of widest-line, and
 * yoga its WebAssembly as bytes, at build time (scripts/build-options.mjs).
 */
import Output from '../../node_modules/ink/build/output.js';
import instances from '../../node_modules/ink/build/instances.js';
import reconciler from '../../node_modules/ink/build/reconciler.js';
import inkPackage from '../../node_modules/ink/package.json';
import type { FrameScheduler } from '../app/frame-scheduler';
import { composeFrame, type Frame, type OutputState } from './ink-frame-compose';
import { lruMemo } from '../util/lru-memo';

/** The Ink these patches were written against (package.json pins ~8.0). */
const SUPPORTED = /^8\.0\./;

interface OutputCaches {
  getStyledChars(line: string): unknown;
  getStringWidth(text: string): number;
}

/** The parts of an Ink instance (ink/build/ink.js) that frame pacing replaces or calls. */
interface InkInstance {
  rootNode: { onRender?: () => void; onComputeLayout?: () => void };
  onRender: () => void;
  calculateLayout: () => void;
  /** Ink's own listener of its stdout's 'resize'. */
  resized?: () => void;
}

export interface InkPatchStatus {
  installed: boolean;
  /** Why Ink's own path is used, when it is. */
  reason?: string;
}

/** Runs React's pending synchronous work (a commit the frame's state step caused). */
function flushSyncWork(): void {
  // Ink's reconciler has it (Ink's render() calls it); its types do not list it.
  (reconciler as unknown as { flushSyncWork?: () => void }).flushSyncWork?.();
}

/** Ink's own `get()`: it builds a cell grid and prints it; the fallback for any frame. */
export const inkOwnGet: (this: Output) => Frame = Output.prototype.get;

/** An Output's private parts, as the patches read them. */
type OutputInternals = Partial<OutputState> & { caches?: OutputCaches };

function scratchOutput(): OutputInternals {
  return new Output({ width: 1, height: 1 }) as unknown as OutputInternals;
}

/** Whether the installed Ink looks as the patches expect; the reason when it does not. */
export function checkInk(version: string = inkPackage.version): string | undefined {
  if (!SUPPORTED.test(version)) return `Ink ${version} is not the 8.0 these patches know`;
  const scratch = scratchOutput();
  if (typeof Output.prototype.get !== 'function') return "Ink's Output has no get()";
  if (!Array.isArray(scratch.operations)) return "Ink's Output keeps no operations list";
  const caches = scratch.caches && (Object.getPrototypeOf(scratch.caches) as OutputCaches);
  if (typeof caches?.getStyledChars !== 'function' || typeof caches.getStringWidth !== 'function')
    return "Ink's Output has no caches to share";
  if (typeof (reconciler as unknown as { flushSyncWork?: unknown }).flushSyncWork !== 'function')
    return "Ink's reconciler has no flushSyncWork()";
  return undefined;
}

let status: InkPatchStatus | undefined;

/**
 * Installs the output patches once: frames printed row by row (ink-frame-compose.ts) and
 * Ink's per-frame caches kept across frames. Returns whether they are in.
 */
export function installInkPatches(): InkPatchStatus {
  if (status) return status;
  const reason = checkInk();
  if (reason) return (status = { installed: false, reason });
  shareOutputCaches();
  Output.prototype.get = function get(this: Output): Frame {
    return composeFrame(this as unknown as OutputState) ?? inkOwnGet.call(this);
  };
  return (status = { installed: true });
}

/**
 * Makes Ink's per-frame caches (each row parsed into styled cells, each string's width)
 * last across frames. Ink builds a new Output, with empty caches, for every frame, so it
 * parsed every row again each time although most had not changed. The cached cells are
 * only read by Ink, never changed, so sharing them is safe. A frame needs 30 to 60 entries.
 */
function shareOutputCaches(max = 240): void {
  const scratch = () => scratchOutput().caches as OutputCaches;
  const caches = Object.getPrototypeOf(scratch()) as OutputCaches;
  const styledChars = caches.getStyledChars;
  const stringWidth = caches.getStringWidth;
  // Ink's own code computes each value, on a scratch cache that is dropped at once.
  caches.getStyledChars = lruMemo((line) => styledChars.call(scratch(), line), max);
  caches.getStringWidth = lruMemo((text) => stringWidth.call(scratch(), text), max);
}

/**
 * Draws Ink's frames in the frame scheduler's `draw` step instead of at every React
 * commit: a commit (the store's frame, or a spinner's own timer) marks the screen dirty
 * and asks for a paced frame; layout and output run once per frame however many commits
 * came. A resize is drawn the same way, never by Ink's own resize handler. Call after
 * `render()` with the stdout given to it. Returns false (Ink draws at every commit, as it
 * does by itself) when the instance is not as expected.
 */
export function paceInkFrames(stdout: NodeJS.WriteStream, frames: FrameScheduler): boolean {
  if (!installInkPatches().installed) return false;
  const ink = (instances as WeakMap<object, unknown>).get(stdout) as InkInstance | undefined;
  if (
    !ink?.rootNode ||
    typeof ink.onRender !== 'function' ||
    typeof ink.calculateLayout !== 'function'
  )
    return false;
  let dirty = false;
  // At a resize Ink draws at once, by itself, the tree it has: the one laid out for the old
  // size (every width in it is a prop the app computed from that size). That frame would
  // land on the new screen, its rows wrapped, and leave pieces behind. Instead, a resize
  // asks for a frame in the next macrotask, whose draw step first commits the app's
  // re-render at the new size (components/useTerminalSize.ts).
  if (typeof ink.resized === 'function') stdout.off('resize', ink.resized);
  stdout.on('resize', () => {
    dirty = true;
    frames.request('soon');
  });
  ink.rootNode.onComputeLayout = () => {
    dirty = true;
  };
  ink.rootNode.onRender = () => {
    dirty = true;
    // A commit inside a frame is drawn by that frame's draw step; one outside it is a
    // spinner turning on its own timer, drawn at the next animation step.
    if (!frames.inFrame) frames.request('animation');
  };
  frames.onFrame('draw', () => {
    // React commits a store change in a microtask; commit it now, in this frame.
    flushSyncWork();
    if (!dirty) return;
    dirty = false;
    ink.calculateLayout();
    ink.onRender();
  });
  return true;
}
