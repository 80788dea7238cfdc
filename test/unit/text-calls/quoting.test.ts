import { describe, expect, test } from 'vitest';
import { recoverTextCalls } from '../../../src/model/text-calls/recover';

/**
 * Text that only quotes a call (an example the user asked for, an explanation of a format)
 * stays text. Written for this issue: one case per way a model quotes, for every family.
 * Decided by position (a call ends the answer; code blocks and inline code are quotes)
 * and by form (a JSON object with keys other than a call's is data).
 */
const QUOTES: Record<string, string> = {
  'a JSON example in a code block the user asked for':
    'Here is what a tool call looks like:\n\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
  'a JSON example, then an explanation':
    '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n\nThe server reads `name` and passes `arguments` to the function.',
  'a Hermes block inside a code fence, ending the answer':
    'Qwen writes its calls like this:\n\n```\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>\n```',
  'a Hermes block in inline code':
    'The model emits `<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>` and vLLM parses it.',
  'a Hermes block in the middle of an explanation':
    'When the parser is off you see\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>\nin the answer instead of a structured call.',
  'Qwen3-Coder XML in a fenced block':
    'The format:\n```xml\n<tool_call>\n<function=bash>\n<parameter=command>\nls\n</parameter>\n</function>\n</tool_call>\n```',
  'Mistral tokens in inline code at the end':
    'Mistral models start a call with `[TOOL_CALLS]name[ARGS]{"a": 1}`',
  'Mistral tokens quoted mid-sentence':
    'The marker [TOOL_CALLS]bash[ARGS]{"command": "ls"} is followed by the next call.',
  "DeepSeek's tokens in a fenced block":
    '```\n<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>bash<｜tool▁sep｜>{"command": "ls"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>\n```',
  'harmony in a fenced block':
    '```text\n<|start|>assistant<|channel|>commentary to=functions.bash <|constrain|>json<|message|>{"command": "ls"}<|call|>\n```',
  'a Llama python_tag explained':
    'Llama 3.1 writes <|python_tag|>{"name": "bash", "parameters": {"command": "ls"}} and then <|eom_id|> to wait for the result.',
  'package.json as the answer (data, not a call)':
    '{"name": "my-package", "version": "1.0.0", "scripts": {"test": "vitest"}}',
  'a JSON object with a name in the middle of the answer':
    'The config is:\n{"name": "bash", "arguments": {"command": "ls"}}\nand it runs ls.',
  'Python code with positional arguments': 'print("hello")',
  'a Python call quoted after prose': 'Call it like this: get_weather(city="Paris")',
  'a pythonic call inside a python fence': '```python\nget_weather(city="Paris")\n```',
  'prose that starts like a name': 'Hello world, nothing to call here.',
  'a GLM block in a fence, then prose':
    '```\n<tool_call>bash<arg_key>command</arg_key><arg_value>ls</arg_value></tool_call>\n```\nThat is GLM.',
  'a recipient quoted in a sentence':
    'The header says to=functions.bash and then the JSON follows.',
};

describe('quoted calls stay text', () => {
  for (const [name, text] of Object.entries(QUOTES)) {
    test(name, () => {
      expect(recoverTextCalls(text)).toBeUndefined();
    });
  }

  test('a quote followed by a real call: only the call is recovered, the quote stays', () => {
    const text =
      'A call looks like `<tool_call>{"name": "x"}</tool_call>`. Now the real one:\n<tool_call>\n{"name": "bash", "arguments": {"command": "ls"}}\n</tool_call>';
    const result = recoverTextCalls(text);
    expect(result?.calls).toEqual([{ name: 'bash', arguments: '{"command":"ls"}' }]);
    expect(result?.content).toBe(
      'A call looks like `<tool_call>{"name": "x"}</tool_call>`. Now the real one:\n',
    );
  });

  test('a call in the reasoning does not count when the model then answered', () => {
    const reasoning =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{"command": "ls"}<|tool_call_end|><|tool_calls_section_end|>';
    expect(recoverTextCalls('The folder holds three files.', { reasoning })).toBeUndefined();
  });

  test('bare JSON inside a think block is thinking, not a call', () => {
    const text =
      '<think>\nI could call {"name": "bash", "arguments": {"command": "ls"}}\n</think>\n\nNo need.';
    expect(recoverTextCalls(text)).toBeUndefined();
  });
});

describe('JSON that only looks like a call', () => {
  test('a name and an id, no arguments: data', () => {
    expect(recoverTextCalls('{"name": "Alice", "id": "42"}')).toBeUndefined();
  });

  test('inside a tag the arguments may be left out', () => {
    expect(recoverTextCalls('<tool_call>{"name": "task_list"}</tool_call>')?.calls).toEqual([
      { name: 'task_list', arguments: '{}' },
    ]);
  });
});
