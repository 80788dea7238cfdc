import type { GateCall, GateOutcome, PermissionGate } from '../permissions/gate';

/**
 * The gate of a read-only agent type (explore): a bash command runs only when tick reads
 * it as read-only, a write never; what is refused is denied outright (the agent is told
 * why), never put to the user. Everything else goes through the session's gate as usual.
 */
export function readOnlyGate(
  gate: PermissionGate | undefined,
  agentType: string,
  isReadOnly: (command: string) => boolean,
): PermissionGate {
  const refuse = (
    call: GateCall,
    why: string,
    emit: Parameters<PermissionGate['floor']>[1]['emit'],
  ): GateOutcome => {
    emit({
      type: 'permission_decided',
      callId: call.callId,
      decision: 'deny',
      by: `agent type ${agentType}`,
    });
    return {
      run: false,
      output: `Error: the ${agentType} agent is read-only: ${why}. Report what you found instead.`,
    };
  };
  return {
    floor: (call, ctx) => gate?.floor(call, ctx),
    async check(call, hook, ctx) {
      const { access } = call;
      if (access.kind === 'write') return refuse(call, 'it cannot change files', ctx.emit);
      if (access.kind === 'exec') {
        const command = access.command ?? '';
        if (!isReadOnly(command)) {
          return refuse(call, `\`${command}\` is not a read-only command`, ctx.emit);
        }
      }
      return gate ? gate.check(call, hook, ctx) : { run: true, confined: false };
    },
  };
}
