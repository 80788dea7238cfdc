/**
 * The question Claude Code asks about a project's `.mcp.json` servers, asked once before a
 * server's first start: through the app's one approval prompt (and so its keypress layer),
 * one server at a time, as soon as the session is attached. The answer is remembered in
 * the local settings (enabledMcpjsonServers, enableAllProjectMcpServers,
 * disabledMcpjsonServers), so the next session does not ask again.
 */
import type { ProjectAnswer } from '../mcp/project-choices';
import type { ApprovalDecision, ApprovalRequest, Approve } from '../protocol/approval';
import type { InfoTone } from '../store/types';
import type { McpPort } from './agent-port';

type Say = (text: string, tone?: InfoTone) => void;

/** What each answer of the prompt means for a project server. */
export function projectAnswer(decision: ApprovalDecision): ProjectAnswer {
  switch (decision.decision) {
    case 'allow_once':
      return 'approve';
    case 'allow_always':
      return 'approve-all';
    // Not offered for a server (PROJECT_SERVER_CHOICES); read as this server only.
    case 'allow_item':
      return 'approve';
    case 'deny':
      return 'reject';
  }
}

function serverQuestion(mcp: McpPort, name: string): ApprovalRequest {
  const view = mcp.views().find((server) => server.name === name);
  return {
    kind: 'mcp-server',
    callId: `mcp-server:${name}`,
    toolName: name,
    look: { role: 'mcp', resultShape: 'text' },
    subject: view?.target ? `${name}: ${view.target}` : name,
    reason:
      "from this project's .mcp.json: it runs with your permissions; each of its tool calls still asks",
  };
}

/**
 * Asks about every project server still waiting, one after the other. `signal` aborts
 * when the app exits: an answer cut short that way is not remembered.
 */
export async function askAboutProjectServers(
  mcp: McpPort,
  approve: Approve,
  workspace: string,
  say: Say,
  signal: AbortSignal,
): Promise<void> {
  for (const name of mcp.hub.pendingApprovals()) {
    // "Every later server" answered for the ones after it too.
    if (!mcp.hub.pendingApprovals().includes(name)) continue;
    const decision = await approve(serverQuestion(mcp, name), signal);
    if (signal.aborted) return;
    const answer = projectAnswer(decision);
    try {
      const file = await mcp.hub.answerProject(name, answer, workspace);
      const what = answer === 'approve-all' ? `${name} and every server of .mcp.json` : name;
      say(`${answer === 'reject' ? 'Not using' : 'Using'} ${what} (remembered in ${file})`, 'dim');
    } catch (error) {
      say(error instanceof Error ? error.message : String(error), 'error');
    }
  }
}
