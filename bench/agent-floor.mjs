// The agent-loop floor: the seed course's loop and no more. Each turn streams the answer
// with the same `openai` SDK, runs each bash call with child_process, sends the whole
// history back, and prints what it did. todo_write prints "Todos d/n" and does nothing else.
import { spawnSync } from 'node:child_process';
import OpenAI from 'openai';

const client = new OpenAI({ maxRetries: 0 });
const tool = (name, properties) => ({
  type: 'function',
  function: { name, parameters: { type: 'object', properties } },
});
const tools = [
  tool('bash', { command: { type: 'string' } }),
  tool('todo_write', { todos: { type: 'array' } }),
];
const messages = [{ role: 'user', content: process.argv[2] ?? 'Hello' }];
process.stdout.write('floor> ready\n');
for (;;) {
  const stream = await client.chat.completions.create({
    model: process.env.TICK_MODEL,
    messages,
    tools,
    stream: true,
  });
  const calls = [];
  let text = '';
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (delta?.content) {
      process.stdout.write(delta.content);
      text += delta.content;
    }
    for (const part of delta?.tool_calls ?? []) {
      const call = (calls[part.index ?? 0] ??= {
        id: part.id,
        type: 'function',
        function: { name: '', arguments: '' },
      });
      if (part.function?.name) call.function.name = part.function.name;
      call.function.arguments += part.function?.arguments ?? '';
    }
  }
  messages.push({
    role: 'assistant',
    content: text || null,
    ...(calls.length ? { tool_calls: calls } : {}),
  });
  if (!calls.length) break;
  for (const call of calls) {
    const args = JSON.parse(call.function.arguments || '{}');
    const output =
      call.function.name === 'bash'
        ? spawnSync('/bin/bash', ['-c', args.command], { encoding: 'utf8' }).stdout
        : `Todos ${args.todos.filter((t) => t.status === 'completed').length}/${args.todos.length}`;
    process.stdout.write(`\n${output}\n`);
    messages.push({ role: 'tool', tool_call_id: call.id, content: output });
  }
}
process.stdout.write('\n');
