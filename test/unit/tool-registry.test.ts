import { describe, expect, it } from 'vitest';
import {
  TOOLS,
  TOOL_NAMES,
  lookupTool,
  offeredTools,
  parseToolInput,
  toolDefinitions,
  validateToolInput,
} from '../../src/tools/registry';

describe('the registry', () => {
  it('holds exactly the eleven tools, each under its own name', () => {
    expect(TOOL_NAMES).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'glob',
      'todo_write',
      'task_create',
      'task_get',
      'task_update',
      'task_list',
      'agent',
    ]);
    for (const [key, tool] of Object.entries(TOOLS)) expect(tool.name).toBe(key);
  });

  it('offers one set of plan tools: todo_write, or the four task tools (and agent with either)', () => {
    const common = ['bash', 'read_file', 'write_file', 'edit_file', 'glob'];
    expect(Object.keys(offeredTools('todos'))).toEqual([...common, 'todo_write', 'agent']);
    expect(Object.keys(offeredTools('tasks'))).toEqual([
      ...common,
      'task_create',
      'task_get',
      'task_update',
      'task_list',
      'agent',
    ]);
  });

  it('finds a tool by name and words an unknown one', () => {
    const found = lookupTool('glob');
    expect(found.ok && found.tool.name).toBe('glob');
    expect(lookupTool('Bash', offeredTools('todos'))).toEqual({
      ok: false,
      error:
        "Error: unknown tool 'Bash'. Available tools: bash, read_file, write_file, edit_file, glob, todo_write, agent",
    });
    expect(lookupTool('toString').ok).toBe(false);
  });
});

describe('toolDefinitions', () => {
  const byName = Object.fromEntries(
    toolDefinitions().map((def) => [def.type === 'function' ? def.function.name : '', def]),
  );
  const params = (name: string) => {
    const def = byName[name];
    if (def?.type !== 'function') throw new Error(`no function tool ${name}`);
    return def.function.parameters as Record<string, unknown> & {
      properties: Record<string, Record<string, unknown>>;
      required?: string[];
    };
  };

  it('describes every tool as a function with an object schema', () => {
    expect(Object.keys(byName)).toEqual(TOOL_NAMES);
    for (const name of TOOL_NAMES) {
      const def = byName[name];
      expect(def.type).toBe('function');
      expect(params(name).type).toBe('object');
      expect(params(name).$schema).toBeUndefined();
      if (def.type === 'function') expect(def.function.description?.length).toBeGreaterThan(20);
    }
  });

  it('marks required and optional fields as the contracts say', () => {
    expect(params('bash').required).toEqual(['command']);
    expect(params('bash').properties.timeout.type).toBe('integer');
    expect(params('bash').properties.timeout.description).toMatch(/milliseconds/);
    expect(params('read_file').required).toEqual(['path']);
    expect(Object.keys(params('read_file').properties)).toEqual(['path', 'offset', 'limit']);
    expect(params('write_file').required).toEqual(['path', 'content']);
    expect(params('edit_file').required).toEqual(['path', 'old_text', 'new_text']);
    expect(params('edit_file').properties.replace_all.type).toBe('boolean');
    expect(params('glob').required).toEqual(['pattern']);
  });

  it('states the limits the arguments are checked against', () => {
    expect(params('bash').properties.timeout).toMatchObject({
      type: 'integer',
      minimum: 1000,
      maximum: 600000,
    });
    expect(params('bash').properties.command).toMatchObject({ type: 'string', minLength: 1 });
    expect(params('read_file').properties.offset).toMatchObject({ type: 'integer', minimum: 1 });
    expect(params('edit_file').properties.old_text).toEqual({
      type: 'string',
      description: 'The exact text to replace, including whitespace; it must match exactly once.',
    });
  });

  it('still shows the model the todo array although any value is accepted', () => {
    const todos = params('todo_write').properties.todos as {
      type: string;
      maxItems: number;
      items: { properties: Record<string, { enum?: string[] }>; required: string[] };
    };
    expect(params('todo_write').required).toEqual(['todos']);
    expect(todos.type).toBe('array');
    expect(todos.maxItems).toBe(20);
    expect(Object.keys(todos.items.properties)).toEqual(['content', 'status', 'activeForm']);
    expect(todos.items.properties.status.enum).toEqual(['pending', 'in_progress', 'completed']);
    expect(todos.items.required).toEqual(['content', 'status']);
  });
});

describe('parseToolInput', () => {
  it('returns the typed input for valid arguments', () => {
    expect(parseToolInput(TOOLS.bash, '{"command":"ls","timeout":5000}')).toEqual({
      ok: true,
      input: { command: 'ls', timeout: 5000 },
    });
  });

  it('names the missing field', () => {
    expect(parseToolInput(TOOLS.edit_file, '{"path":"a","new_text":"b"}')).toEqual({
      ok: false,
      error: 'Error: invalid arguments for edit_file: old_text: required',
    });
    expect(parseToolInput(TOOLS.todo_write, '{}')).toEqual({
      ok: false,
      error: 'Error: invalid arguments for todo_write: todos: required',
    });
  });

  it('names a field of the wrong type, and every bad field', () => {
    const result = parseToolInput(TOOLS.read_file, '{"path": 3, "limit": "ten"}');
    expect(result).toEqual({
      ok: false,
      error:
        'Error: invalid arguments for read_file: path: expected string, received number; ' +
        'limit: expected number, received string',
    });
  });

  it('enforces the bash timeout range', () => {
    const bashError = (timeout: number) =>
      parseToolInput(TOOLS.bash, JSON.stringify({ command: 'ls', timeout }));
    expect(bashError(700000)).toEqual({
      ok: false,
      error: 'Error: invalid arguments for bash: timeout: Too big: expected number to be <=600000',
    });
    expect(bashError(30)).toEqual({
      ok: false,
      error: 'Error: invalid arguments for bash: timeout: Too small: expected number to be >=1000',
    });
    expect(bashError(1.5)).toEqual({
      ok: false,
      error: 'Error: invalid arguments for bash: timeout: expected integer, received 1.5',
    });
    expect(bashError(1000)).toEqual({ ok: true, input: { command: 'ls', timeout: 1000 } });
  });

  it('refuses empty strings where a value is needed, and null for an optional field', () => {
    expect(parseToolInput(TOOLS.read_file, '{"path":"","offset":null,"limit":0}')).toEqual({
      ok: false,
      error:
        'Error: invalid arguments for read_file: path: Too small: expected string to have >=1 characters; ' +
        'offset: expected number, received null; limit: Too small: expected number to be >=1',
    });
    expect(parseToolInput(TOOLS.edit_file, '{"path":"a","old_text":"x","new_text":""}').ok).toBe(
      true,
    );
    expect(
      parseToolInput(
        TOOLS.edit_file,
        '{"path":"a","old_text":"x","new_text":"y","replace_all":"yes"}',
      ),
    ).toEqual({
      ok: false,
      error:
        'Error: invalid arguments for edit_file: replace_all: expected boolean, received string',
    });
  });

  it('drops keys the tool does not declare', () => {
    expect(parseToolInput(TOOLS.glob, '{"pattern":"*.md","limit":5,"__proto__":{"x":1}}')).toEqual({
      ok: true,
      input: { pattern: '*.md' },
    });
  });

  it('hands todo_write a list sent as a JSON string, which the tool parses', async () => {
    const parsed = parseToolInput(
      TOOLS.todo_write,
      JSON.stringify({ todos: JSON.stringify([{ content: 'a', status: 'pending' }]) }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await TOOLS.todo_write.run(parsed.input, {
      cwd: '/',
      roots: ['/'],
      signal: new AbortController().signal,
      onOutput: () => {},
      sandbox: false,
      agentName: 'main',
    });
    expect(result.todos).toEqual([{ content: 'a', status: 'pending' }]);
  });

  it('reports bad JSON', () => {
    const result = parseToolInput(TOOLS.glob, '{"pattern": "*.ts"');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(/^Error: invalid arguments for glob: not valid JSON \(/);
  });

  it('treats empty arguments as {} and unwraps JSON sent as a JSON string', () => {
    expect(parseToolInput(TOOLS.glob, '')).toEqual({
      ok: false,
      error: 'Error: invalid arguments for glob: pattern: required',
    });
    expect(parseToolInput(TOOLS.glob, JSON.stringify('{"pattern":"*.md"}'))).toEqual({
      ok: true,
      input: { pattern: '*.md' },
    });
    expect(parseToolInput(TOOLS.glob, '[1]')).toEqual({
      ok: false,
      error: 'Error: invalid arguments for glob: expected object, received array',
    });
  });

  it('validates an input that is already an object (a hook rewrite)', () => {
    expect(validateToolInput(TOOLS.write_file, { path: 'a', content: 1 })).toEqual({
      ok: false,
      error: 'Error: invalid arguments for write_file: content: expected string, received number',
    });
  });
});
