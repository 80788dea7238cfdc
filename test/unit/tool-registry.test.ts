import { describe, expect, it } from 'vitest';
import {
  TOOLS,
  TOOL_NAMES,
  lookupTool,
  parseToolInput,
  toolDefinitions,
  validateToolInput,
} from '../../src/tools/registry';

describe('the registry', () => {
  it('holds exactly the six tools, each under its own name', () => {
    expect(TOOL_NAMES).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'glob',
      'todo_write',
    ]);
    for (const [key, tool] of Object.entries(TOOLS)) expect(tool.name).toBe(key);
  });

  it('finds a tool by name and words an unknown one', () => {
    const found = lookupTool('glob');
    expect(found.ok && found.tool.name).toBe('glob');
    expect(lookupTool('Bash')).toEqual({
      ok: false,
      error:
        "Error: unknown tool 'Bash'. Available tools: bash, read_file, write_file, edit_file, glob, todo_write",
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
      error:
        'Error: invalid arguments for edit_file: old_text: expected string, received undefined',
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
    for (const timeout of [700000, 30, 1.5]) {
      const result = parseToolInput(TOOLS.bash, JSON.stringify({ command: 'ls', timeout }));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/^Error: invalid arguments for bash: timeout: /);
    }
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
      error: 'Error: invalid arguments for glob: pattern: expected string, received undefined',
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
