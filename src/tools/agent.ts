import type { Tool } from './types';
import { object, string } from './schema';
import { defined } from './claude-fields';
import { SUBAGENT_TYPE } from '../agents/types';

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
});

export const agent: Tool<typeof schema> = {
  name: 'agent',
  description:
    'Start a subagent: a fresh agent with the same tools (except agent) and none of this ' +
    'conversation, which works on one sub-task and returns only its final message. Use it for ' +
    'a self-contained piece of work whose details would crowd your context (searching a large ' +
    'codebase, a separate change, research). Several agent calls in one answer run in ' +
    'parallel. The prompt must carry everything the subagent needs to know.',
  schema,
  look: { role: 'agent', resultShape: 'text' },
  access: () => ({ kind: 'none' }),
  summary: (input) => input.description,
  async run(input, ctx) {
    if (!ctx.runSubagent) {
      return { output: 'Error: subagents cannot start subagents', isError: true };
    }
    const outcome = await ctx.runSubagent(input);
    return outcome.ok
      ? {
          output: outcome.text,
          claude: {
            response: { status: 'completed', content: [{ type: 'text', text: outcome.text }] },
          },
        }
      : { output: outcome.text, isError: true };
  },
  claude: {
    name: 'Agent',
    aliases: ['Task'],
    toolInput: (input) => ({
      description: input.description,
      prompt: input.prompt,
      subagent_type: SUBAGENT_TYPE,
    }),
    // Claude Code's subagent_type, model and the rest have no counterpart; dropped.
    fromToolInput: (toolInput) =>
      defined({ description: toolInput.description, prompt: toolInput.prompt }),
  },
};
