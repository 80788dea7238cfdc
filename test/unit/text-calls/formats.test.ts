import { describe, expect, test } from 'vitest';
import { recoverTextCalls } from '../../../src/model/text-calls/recover';
import { schemasOf } from '../../../src/model/text-calls/values';

/**
 * Each format as its chat template or the server's parser documents it (vLLM's tool
 * parsers, llama.cpp's chat parsers, the model cards), beyond the corpus: several calls,
 * missing closing tags, the variants each family writes.
 */
function calls(text: string, options: Parameters<typeof recoverTextCalls>[1] = {}) {
  const result = recoverTextCalls(text, options);
  return (
    result && {
      format: result.format,
      content: result.content,
      calls: result.calls.map((call) => [call.name, JSON.parse(call.arguments)]),
    }
  );
}

const WRITE_FILE = schemasOf([
  {
    type: 'function',
    function: {
      name: 'write_file',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, content: { type: 'string' } },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_file',
      parameters: {
        type: 'object',
        properties: { path: { type: 'string' }, offset: { type: 'integer' } },
      },
    },
  },
]);

describe('Hermes / Qwen <tool_call> JSON', () => {
  test('prose, then two calls', () => {
    const text =
      'I will read both files.\n\n<tool_call>\n{"name": "read_file", "arguments": {"path": "a.ts"}}\n</tool_call>\n<tool_call>\n{"name": "read_file", "arguments": {"path": "b.ts"}}\n</tool_call>';
    expect(calls(text)).toEqual({
      format: 'hermes',
      content: 'I will read both files.\n\n',
      calls: [
        ['read_file', { path: 'a.ts' }],
        ['read_file', { path: 'b.ts' }],
      ],
    });
  });

  test('the closing tag left out, an end token after', () => {
    expect(
      calls('<tool_call>\n{"name": "glob", "arguments": {"pattern": "*.md"}}<|im_end|>'),
    ).toEqual({
      format: 'hermes',
      content: '',
      calls: [['glob', { pattern: '*.md' }]],
    });
  });

  test("Hermes 2 Pro's Python-dict form, arguments first", () => {
    expect(
      calls(
        "<tool_call>\n{'arguments': {'command': 'ls', 'timeout': None}, 'name': 'bash'}\n</tool_call>",
      )?.calls,
    ).toEqual([['bash', { command: 'ls', timeout: null }]]);
  });

  test('OpenAI-shaped JSON with the arguments as a string', () => {
    const text =
      '<tool_call>{"type": "function", "function": {"name": "bash", "arguments": "{\\"command\\": \\"pwd\\"}"}}</tool_call>';
    expect(calls(text)?.calls).toEqual([['bash', { command: 'pwd' }]]);
  });

  test('mid-line after prose (the token is atomic for the model)', () => {
    expect(
      calls('Checking.<tool_call>{"name": "bash", "arguments": {"command": "ls"}}</tool_call>'),
    ).toEqual({
      format: 'hermes',
      content: 'Checking.',
      calls: [['bash', { command: 'ls' }]],
    });
  });
});

describe('Qwen3-Coder XML', () => {
  test('a multi-line string value keeps its lines and indentation', () => {
    const text = [
      '<tool_call>',
      '<function=write_file>',
      '<parameter=path>',
      'src/a.py',
      '</parameter>',
      '<parameter=content>',
      'def f():',
      '    return 1',
      '',
      '</parameter>',
      '</function>',
      '</tool_call>',
    ].join('\n');
    expect(calls(text, { schemas: WRITE_FILE })?.calls).toEqual([
      ['write_file', { path: 'src/a.py', content: 'def f():\n    return 1\n' }],
    ]);
  });

  test('the schema types values: a string parameter stays a string, an integer one a number', () => {
    const text =
      '<tool_call>\n<function=read_file>\n<parameter=path>\n123\n</parameter>\n<parameter=offset>\n40\n</parameter>\n</function>\n</tool_call>';
    expect(calls(text, { schemas: WRITE_FILE })?.calls).toEqual([
      ['read_file', { path: '123', offset: 40 }],
    ]);
  });

  test('two calls, and a value holding angle brackets', () => {
    const text =
      '<tool_call>\n<function=bash>\n<parameter=command>\necho "<b>" > x.html\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=bash>\n<parameter=command>\ncat x.html\n</parameter>\n</function>\n</tool_call>';
    expect(calls(text)?.calls).toEqual([
      ['bash', { command: 'echo "<b>" > x.html' }],
      ['bash', { command: 'cat x.html' }],
    ]);
  });
});

describe('GLM', () => {
  test('GLM-4.7 writes it on one line', () => {
    const text =
      '<tool_call>bash<arg_key>command</arg_key><arg_value>ls -la</arg_value><arg_key>timeout</arg_key><arg_value>30</arg_value></tool_call>';
    expect(calls(text)).toEqual({
      format: 'glm',
      content: '',
      calls: [['bash', { command: 'ls -la', timeout: 30 }]],
    });
  });
});

describe('Llama 3.x and 4', () => {
  test('<|python_tag|> JSON and <|eom_id|>', () => {
    expect(
      calls('<|python_tag|>{"name": "glob", "parameters": {"pattern": "src/**"}}<|eom_id|>'),
    ).toEqual({
      format: 'llama-python-tag',
      content: '',
      calls: [['glob', { pattern: 'src/**' }]],
    });
  });

  test('a built-in tool call after <|python_tag|>', () => {
    expect(calls('<|python_tag|>brave_search.call(query="tick terminal agent")')?.calls).toEqual([
      ['brave_search', { query: 'tick terminal agent' }],
    ]);
  });

  test('two JSON calls separated by `;`', () => {
    expect(
      calls(
        '{"name": "glob", "parameters": {"pattern": "*.ts"}}; {"name": "glob", "parameters": {"pattern": "*.md"}}',
      )?.calls,
    ).toEqual([
      ['glob', { pattern: '*.ts' }],
      ['glob', { pattern: '*.md' }],
    ]);
  });

  test('the pythonic list of Llama 3.2/4', () => {
    expect(calls('[get_weather(city="San Francisco", metric=True), get_time()]')).toEqual({
      format: 'pythonic',
      content: '',
      calls: [
        ['get_weather', { city: 'San Francisco', metric: true }],
        ['get_time', {}],
      ],
    });
  });

  test('a pythonic list inside <|python_start|>', () => {
    expect(calls('<|python_start|>[glob(pattern="*.json")]<|python_end|>')?.calls).toEqual([
      ['glob', { pattern: '*.json' }],
    ]);
  });
});

describe('Mistral', () => {
  test('before v11: a JSON array after the token', () => {
    expect(
      calls(
        '[TOOL_CALLS] [{"name": "bash", "arguments": {"command": "ls"}, "id": "aB3dE5gH7"}]</s>',
      ),
    ).toEqual({ format: 'mistral', content: '', calls: [['bash', { command: 'ls' }]] });
  });

  test('v11+: several calls, [CALL_ID] (v13), prose before', () => {
    const text =
      'Let me look.[TOOL_CALLS]glob[ARGS]{"pattern": "*.ts"}[TOOL_CALLS]read_file[CALL_ID]a1b2c3d4e[ARGS]{"path": "x.ts"}';
    const result = recoverTextCalls(text);
    expect(result?.format).toBe('mistral');
    expect(result?.content).toBe('Let me look.');
    expect(result?.calls).toEqual([
      { name: 'glob', arguments: '{"pattern":"*.ts"}' },
      { name: 'read_file', arguments: '{"path":"x.ts"}', id: 'a1b2c3d4e' },
    ]);
  });

  test('a detokenised call without [ARGS]', () => {
    expect(calls('[TOOL_CALLS]bash{"command": "pwd"}')?.calls).toEqual([
      ['bash', { command: 'pwd' }],
    ]);
  });
});

describe('DeepSeek and Kimi tokens', () => {
  test('DeepSeek V3/R1: function, the name, the arguments in a json fence', () => {
    const text =
      'Let me check.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>bash\n```json\n{"command": "ls"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
    expect(calls(text)).toEqual({
      format: 'deepseek',
      content: 'Let me check.',
      calls: [['bash', { command: 'ls' }]],
    });
  });

  test('DeepSeek V3.1, two calls, spelled with ASCII bars and underscores', () => {
    const text =
      '<|tool_calls_begin|><|tool_call_begin|>glob<|tool_sep|>{"pattern": "*.ts"}<|tool_call_end|><|tool_call_begin|>glob<|tool_sep|>{"pattern": "*.md"}<|tool_call_end|><|tool_calls_end|>';
    expect(calls(text)?.calls).toEqual([
      ['glob', { pattern: '*.ts' }],
      ['glob', { pattern: '*.md' }],
    ]);
  });

  test('Kimi K2: two calls, ids kept', () => {
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.bash:0<|tool_call_argument_begin|>{"command": "ls"}<|tool_call_end|><|tool_call_begin|>functions.glob:1<|tool_call_argument_begin|>{"pattern": "*"}<|tool_call_end|><|tool_calls_section_end|>';
    const result = recoverTextCalls(text);
    expect(result?.format).toBe('kimi');
    expect(result?.calls.map((c) => [c.name, c.id])).toEqual([
      ['bash', 'functions.bash:0'],
      ['glob', 'functions.glob:1'],
    ]);
  });

  test('Kimi calls in the reasoning field, with an empty answer', () => {
    const reasoning =
      'I should list the files. <|tool_calls_section_begin|><|tool_call_begin|>functions.glob:0<|tool_call_argument_begin|>{"pattern": "*"}<|tool_call_end|><|tool_calls_section_end|>';
    const result = recoverTextCalls('', { reasoning });
    expect(result?.calls.map((c) => c.name)).toEqual(['glob']);
    expect(result?.reasoning).toBe('I should list the files. ');
  });
});

describe('gpt-oss harmony', () => {
  test('an analysis message, then the call with the recipient in the role', () => {
    const text =
      '<|channel|>analysis<|message|>Need to list files.<|end|><|start|>assistant to=functions.glob<|channel|>commentary json<|message|>{"pattern": "*.ts"}<|call|>';
    expect(calls(text)).toEqual({
      format: 'harmony',
      content: '',
      calls: [['glob', { pattern: '*.ts' }]],
    });
  });

  test('a final answer is not a call', () => {
    expect(calls('<|channel|>final<|message|>All done.<|return|>')).toBeUndefined();
  });
});

describe('other families', () => {
  test('MiniMax invoke XML', () => {
    const text =
      '<minimax:tool_call>\n<invoke name="bash">\n<parameter name="command">ls -la</parameter>\n</invoke>\n</minimax:tool_call>';
    expect(calls(text)).toEqual({
      format: 'invoke-xml',
      content: '',
      calls: [['bash', { command: 'ls -la' }]],
    });
  });

  test('DeepSeek V3.2\'s DSML, string="false" read as JSON', () => {
    const text =
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="read_file">\n<｜DSML｜parameter name="path" string="true">007</｜DSML｜parameter>\n<｜DSML｜parameter name="limit" string="false">20</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    expect(calls(text)?.calls).toEqual([['read_file', { path: '007', limit: 20 }]]);
  });

  test('Granite 3 <|tool_call|> and Phi-4-mini functools', () => {
    expect(calls('<|tool_call|>[{"name": "glob", "arguments": {"pattern": "*"}}]')?.calls).toEqual([
      ['glob', { pattern: '*' }],
    ]);
    expect(calls('functools[{"name": "glob", "arguments": {"pattern": "*"}}]')?.calls).toEqual([
      ['glob', { pattern: '*' }],
    ]);
    expect(
      calls('<|tool_calls|>[{"name": "glob", "arguments": {"pattern": "*"}}]<|/tool_calls|>')
        ?.calls,
    ).toEqual([['glob', { pattern: '*' }]]);
  });
});

describe('a cut answer', () => {
  const cut =
    '<tool_call>\n{"name": "write_file", "arguments": {"path": "a.txt", "content": "first line\\nsecond';

  test('completed when the model stopped by itself', () => {
    expect(calls(cut)?.calls).toEqual([
      ['write_file', { path: 'a.txt', content: 'first line\nsecond' }],
    ]);
  });

  test('not run when it hit its token limit: the file would be half written', () => {
    expect(calls(cut, { allowTruncated: false })).toBeUndefined();
  });
});

describe('more families the templates document', () => {
  test("Llama 3.1's custom tool form <function=NAME>{...}</function>", () => {
    expect(calls('<function=spotify_trending_songs>{"n": "5"}</function><|eom_id|>')).toEqual({
      format: 'llama-function',
      content: '',
      calls: [['spotify_trending_songs', { n: '5' }]],
    });
  });

  test('MiniMax-M1: one JSON object a line inside <tool_calls>', () => {
    const text =
      '<tool_calls>\n{"name": "glob", "arguments": {"pattern": "*.ts"}}\n{"name": "glob", "arguments": {"pattern": "*.md"}}\n</tool_calls>';
    expect(calls(text)?.calls).toEqual([
      ['glob', { pattern: '*.ts' }],
      ['glob', { pattern: '*.md' }],
    ]);
  });

  test("Cohere Command's action block with tool_name", () => {
    const text =
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "glob", "parameters": {"pattern": "*"}}]<|END_ACTION|>';
    const result = recoverTextCalls(text);
    expect(result?.calls).toEqual([{ name: 'glob', arguments: '{"pattern":"*"}', id: '0' }]);
  });

  test("Gemma's tool_code fence as the whole answer", () => {
    expect(calls('```tool_code\nglob(pattern="src/*.ts")\n```')).toEqual({
      format: 'pythonic',
      content: '',
      calls: [['glob', { pattern: 'src/*.ts' }]],
    });
  });

  test('Seed-OSS wraps the Qwen3-Coder XML in its own tag', () => {
    const text =
      '<seed:tool_call>\n<function=bash>\n<parameter=command>ls</parameter>\n</function>\n</seed:tool_call>';
    expect(calls(text)?.calls).toEqual([['bash', { command: 'ls' }]]);
  });

  test('`{"function": "NAME", "arguments": ...}` and `"args"`', () => {
    expect(calls('{"function": "glob", "args": {"pattern": "*"}}')?.calls).toEqual([
      ['glob', { pattern: '*' }],
    ]);
  });

  test('an object with both arguments and parameters is not a call', () => {
    expect(calls('{"name": "glob", "arguments": {}, "parameters": {}}')).toBeUndefined();
  });
});

describe('harmony with its tokens stripped', () => {
  test('the channel names run into the text before the recipient', () => {
    const text =
      'analysisThe user wants the weather. Call the tool.assistantcommentary to=functions.get_weather json{"location": "Paris"}';
    expect(calls(text)).toEqual({
      format: 'harmony',
      content: 'analysisThe user wants the weather. Call the tool.assistant',
      calls: [['get_weather', { location: 'Paris' }]],
    });
  });
});

describe('answers as small models write them', () => {
  test('one closing brace too many', () => {
    expect(calls('{"name": "glob", "parameters": {"pattern": "*"}}}')?.calls).toEqual([
      ['glob', { pattern: '*' }],
    ]);
  });

  test('Llama 3.2 pythonic with single quotes', () => {
    expect(
      calls("[get_current_weather(location='San Francisco, CA', unit='celsius')]")?.calls,
    ).toEqual([['get_current_weather', { location: 'San Francisco, CA', unit: 'celsius' }]]);
  });

  test('a Qwen3-Coder parameter holding a JSON array', () => {
    const text =
      '<tool_call>\n<function=read_many>\n<parameter=files>\n["a.py", "b.py"]\n</parameter>\n</function>\n</tool_call>';
    expect(calls(text)?.calls).toEqual([['read_many', { files: ['a.py', 'b.py'] }]]);
  });

  test('trailing commas in the JSON', () => {
    expect(
      calls('<tool_call>{"name": "glob", "arguments": {"pattern": "*",},}</tool_call>')?.calls,
    ).toEqual([['glob', { pattern: '*' }]]);
  });
});

describe('Gemma call syntax', () => {
  test('FunctionGemma: escaped strings, numbers, booleans, nested values, two calls', () => {
    const text =
      'Checking both.\n<start_function_call>call:read_file{path:<escape>a, b.txt<escape>,offset:10}<end_function_call><start_function_call>call:glob{pattern:<escape>*.ts<escape>,opts:{deep:true,skip:[<escape>dist<escape>,3]},limit:null}<end_function_call>';
    expect(calls(text)).toEqual({
      format: 'gemma',
      content: 'Checking both.\n',
      calls: [
        ['read_file', { path: 'a, b.txt', offset: 10 }],
        ['glob', { pattern: '*.ts', opts: { deep: true, skip: ['dist', 3] }, limit: null }],
      ],
    });
  });

  test('Gemma 4\'s <|"|> strings, quoted keys and ordinary quotes', () => {
    expect(
      calls('<|tool_call>call:bash{<|"|>command<|"|>:<|"|>echo "hi"<|"|>}<tool_call|>')?.calls,
    ).toEqual([['bash', { command: 'echo "hi"' }]]);
    expect(calls('<|tool_call>call:bash{command: "ls \\"a b\\""}<tool_call|>')?.calls).toEqual([
      ['bash', { command: 'ls "a b"' }],
    ]);
  });

  test('with the tokens stripped: only as the whole answer', () => {
    expect(calls('call:glob{pattern:<escape>*.md<escape>}')?.calls).toEqual([
      ['glob', { pattern: '*.md' }],
    ]);
    expect(calls('The model writes call:glob{pattern:<escape>*.md<escape>}')).toBeUndefined();
    expect(calls('Like this:\ncall:glob{pattern:<escape>*.md<escape>}')).toBeUndefined();
  });

  test('a call the text cut off inside a string is not one', () => {
    expect(
      calls('<|tool_call>call:write_file{path:<|"|>a.txt<|"|>,content:<|"|>half'),
    ).toBeUndefined();
  });
});

describe('forms gathered from other clients', () => {
  test("LM Studio's [TOOL_REQUEST] block, prose before it", () => {
    const text =
      'Let me look.\n[TOOL_REQUEST]\n{"name": "read_file", "arguments": {"path": "a.txt"}}\n[END_TOOL_REQUEST]';
    expect(calls(text)).toEqual({
      format: 'json-tagged',
      content: 'Let me look.\n',
      calls: [['read_file', { path: 'a.txt' }]],
    });
  });

  test('a call written as a function of one JSON object, as the whole answer', () => {
    expect(calls('glob({"pattern": "*.ts"})')?.calls).toEqual([['glob', { pattern: '*.ts' }]]);
    expect(calls('Call it as glob({"pattern": "*.ts"})')).toBeUndefined();
    // A positional value that is not an object of arguments is ordinary code.
    expect(calls('print({"a": 1}, 2)')).toBeUndefined();
    expect(calls('sum([1, 2])')).toBeUndefined();
  });
});
