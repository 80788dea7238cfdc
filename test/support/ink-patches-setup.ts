// Every test renders through the app's own Ink patches (src/cli/ink-patches.ts), as the app does.
import { installInkPatches } from '../../src/cli/ink-patches';

const status = installInkPatches();
if (!status.installed) throw new Error(`Ink patches not installed: ${status.reason}`);
