import type { Tool } from './types';
import { object, optional, string } from './schema';
import { defined } from './claude-fields';
import type { AgentType } from '../extensions/agent-types/agent-type';
import { BUILT_IN_AGENT_TYPES, GENERAL_PURPOSE } from '../extensions/agent-types/built-in';

const schema = object({
  description: string({
    minLength: 1,
    description: 'A short (3-5 word) label for the sub-task, shown while it runs.',
  }),
  prompt: string({
    minLength: 1,
    description:
      'The whole task for the subagent. It sees nothing of this conversation: say what to do, ' +
      'where, and what to report back.',
  }),
  subagent_type: optional(
    string({
      description: `The kind of agent to start (see the list in this tool's description); ${GENERAL_PURPOSE.name} when left out.`,
    }),
  ),
});

/** One line per type for the model: its name, when to use it, its tools. */
function typeLines(types: readonly AgentType[]): string[] {
  return types.map((type) => {
    const tools = type.tools
      ? type.tools
          .map((tool) => (tool === 'bash' && type.readOnlyBash ? 'bash (read-only)' : tool))
          .join(', ')
      : type.disallowedTools.length
        ? `all but ${type.disallowedTools.join(', ')}`
        : 'all';
    return `- ${type.name}: ${type.description.replace(/\s+/g, ' ').trim()} (Tools: ${tools})`;
  });
}

/** The `agent` tool offering these agent types (`subagent_type`). */
export function agentTool(types: readonly AgentType[]): Tool<typeof schema> {
  return {
    name: 'agent',
    description: [
      'Start a subagent: a fresh agent with none of this conversation, which works on one ' +
        'sub-task and returns only its final message. Use it for a self-contained piece of work ' +
        'whose details would crowd your context (searching a large codebase, a separate change, ' +
        'research). Several agent calls in one answer run in parallel. The prompt must carry ' +
        'everything the subagent needs to know.',
      '',
      'Agent types (subagent_type) and the tools they have:',
      ...typeLines(types),
    ].join('\n'),
    schema,
    look: { role: 'agent', resultShape: 'text' },
    access: () => ({ kind: 'none' }),
    summary: (input) =>
      input.subagent_type && input.subagent_type !== GENERAL_PURPOSE.name
        ? `${input.description} (${input.subagent_type})`
        : input.description,
    async run(input, ctx) {
      if (!ctx.runSubagent) {
        return { output: 'Error: subagents cannot start subagents', isError: true };
      }
      const outcome = await ctx.runSubagent({
        description: input.description,
        prompt: input.prompt,
        ...(input.subagent_type ? { subagentType: input.subagent_type } : {}),
      });
      if (!outcome.ok) return { output: outcome.text, isError: true };
      return {
        output: outcome.text,
        ...(outcome.response ? { claude: { response: outcome.response } } : {}),
      };
    },
    claude: {
      name: 'Agent',
      aliases: ['Task'],
      toolInput: (input) => ({
        description: input.description,
        prompt: input.prompt,
        subagent_type: input.subagent_type ?? GENERAL_PURPOSE.name,
      }),
      // Claude Code's model, run_in_background and the rest have no counterpart; dropped.
      fromToolInput: (toolInput) =>
        defined({
          description: toolInput.description,
          prompt: toolInput.prompt,
          subagent_type: toolInput.subagent_type,
        }),
    },
  };
}

/** The `agent` tool with the built-in types; a session with agent definitions gets its own. */
export const agent = agentTool(BUILT_IN_AGENT_TYPES);
