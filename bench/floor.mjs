// The floor: the least a client can do. It streams the answer with the same
// `openai` SDK straight to stdout; for tool calls it prints one line (todo_write:
// "Todos d/n") and sends a stub result back, running nothing.
import OpenAI from 'openai';

const client = new OpenAI({ maxRetries: 0 });
const tools = ['bash', 'read_file', 'write_file', 'edit_file', 'glob', 'todo_write'].map(
  (name) => ({
    type: 'function',
    function: { name, parameters: { type: 'object', properties: {} } },
  }),
);
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
  if (!calls.length) break;
  messages.push({ role: 'assistant', content: text || null, tool_calls: calls });
  for (const call of calls) {
    const todos =
      call.function.name === 'todo_write' ? JSON.parse(call.function.arguments).todos : null;
    const line = todos
      ? `Todos ${todos.filter((t) => t.status === 'completed').length}/${todos.length}`
      : `ran ${call.function.name}`;
    process.stdout.write(`\n${line}\n`);
    messages.push({ role: 'tool', tool_call_id: call.id, content: line });
  }
}
process.stdout.write('\n');
