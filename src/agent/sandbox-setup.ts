import type { SandboxState } from '../permissions/sandbox-decision';
import type { SandboxMode } from '../permissions/types';
import { probeSandbox } from '../tools/sandbox';

/**
 * The sandbox a session works with: the setting, and whether bubblewrap runs here (tried
 * once per process). `notice` says, once, what it means when it does not.
 */
export async function sandboxSetup(
  mode: SandboxMode,
): Promise<{ state: SandboxState; notice?: string }> {
  if (mode === 'off') return { state: { mode, available: false } };
  const probe = await probeSandbox();
  if (probe.available) return { state: { mode, available: true } };
  const notice =
    mode === 'always'
      ? `Sandbox unavailable: ${probe.why}. With "sandbox": "always" bash commands fail until it works; set "sandbox" to "auto" or "off" to run them outside.`
      : `Sandbox unavailable: ${probe.why}. Commands tick does not understand will be asked instead of run in the sandbox.`;
  return { state: { mode, available: false, why: probe.why }, notice };
}
