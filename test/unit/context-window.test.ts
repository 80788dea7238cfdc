import { describe, expect, it } from 'vitest';
import {
  maxWindowFromLmStudioModels,
  maxWindowFromOllamaShow,
  serverRoot,
  windowFromLlamaProps,
  windowFromLmStudioModels,
  windowFromOllamaPs,
  windowFromOllamaShow,
  windowFromVllmModels,
} from '../../src/context/discover';
import { WindowBook } from '../../src/context/window';
import type { DiscoveredWindow } from '../../src/context/discover';

describe('what each server reports', () => {
  it('vLLM /v1/models: max_model_len of the model (or of the only one listed)', () => {
    const payload = {
      object: 'list',
      data: [
        { id: 'Qwen/Qwen3-Coder-30B', object: 'model', owned_by: 'vllm', max_model_len: 32768 },
        { id: 'other', max_model_len: 4096 },
      ],
    };
    expect(windowFromVllmModels(payload, 'Qwen/Qwen3-Coder-30B')).toBe(32768);
    expect(windowFromVllmModels(payload, 'missing')).toBeUndefined();
    expect(
      windowFromVllmModels({ data: [{ id: 'served-name', max_model_len: 8192 }] }, 'alias'),
    ).toBe(8192);
    // OpenAI's own list has no window.
    expect(
      windowFromVllmModels({ data: [{ id: 'gpt-4.1', object: 'model' }] }, 'gpt-4.1'),
    ).toBeUndefined();
  });

  it('llama.cpp /props: default_generation_settings.n_ctx (or a top-level n_ctx)', () => {
    expect(
      windowFromLlamaProps({ default_generation_settings: { n_ctx: 8192 }, total_slots: 1 }),
    ).toBe(8192);
    expect(windowFromLlamaProps({ n_ctx: 4096 })).toBe(4096);
    expect(windowFromLlamaProps({ error: 'not found' })).toBeUndefined();
  });

  it('Ollama /api/ps: the loaded model by name, tag :latest implied', () => {
    const ps = {
      models: [
        { name: 'qwen3:14b', model: 'qwen3:14b', context_length: 4096 },
        { name: 'llama3:latest', context_length: 8192 },
      ],
    };
    expect(windowFromOllamaPs(ps, 'qwen3:14b')).toBe(4096);
    expect(windowFromOllamaPs(ps, 'llama3')).toBe(8192);
    // Another loaded model says nothing about this one.
    expect(windowFromOllamaPs(ps, 'mistral')).toBeUndefined();
  });

  it('Ollama /api/show: num_ctx from the parameters, else the model context_length as an upper bound', () => {
    const show = {
      parameters: 'temperature 0.6\nnum_ctx 16384\nstop "<|im_end|>"',
      model_info: { 'qwen3.context_length': 40960 },
    };
    expect(windowFromOllamaShow(show)).toBe(16384);
    expect(windowFromOllamaShow({ model_info: { 'qwen3.context_length': 40960 } })).toBeUndefined();
    expect(maxWindowFromOllamaShow({ model_info: { 'qwen3.context_length': 40960 } })).toBe(40960);
  });

  it('LM Studio /api/v0/models: loaded_context_length, max_context_length as an upper bound', () => {
    const models = {
      data: [
        {
          id: 'qwen/qwen3-coder-30b',
          state: 'loaded',
          max_context_length: 262144,
          loaded_context_length: 8192,
        },
        { id: 'idle', state: 'not-loaded', max_context_length: 32768 },
      ],
    };
    expect(windowFromLmStudioModels(models, 'qwen/qwen3-coder-30b')).toBe(8192);
    expect(windowFromLmStudioModels(models, 'idle')).toBeUndefined();
    expect(maxWindowFromLmStudioModels(models, 'idle')).toBe(32768);
  });

  it('the server root drops /v1', () => {
    expect(serverRoot('http://localhost:11434/v1')).toBe('http://localhost:11434');
    expect(serverRoot('http://localhost:8080/v1/')).toBe('http://localhost:8080');
    expect(serverRoot('http://proxy/openai')).toBe('http://proxy/openai');
  });
});

describe('WindowBook', () => {
  const never = new AbortController().signal;

  it('a configured window wins and the server is not asked', async () => {
    let asked = 0;
    const book = new WindowBook(16000, async () => {
      asked += 1;
      return { window: 4096, loaded: true };
    });
    await book.ensure('m', never);
    expect(book.window('m')).toBe(16000);
    expect(asked).toBe(0);
  });

  it('asks the server once per model; a stated limit then replaces any window', async () => {
    const asked: string[] = [];
    const book = new WindowBook(undefined, async (model) => {
      asked.push(model);
      return { window: model === 'a' ? 8192 : 32768, loaded: true };
    });
    await Promise.all([book.ensure('a', never), book.ensure('a', never)]);
    await book.ensure('a', never);
    await book.ensure('b', never);
    expect(asked).toEqual(['a', 'b']);
    expect(book.window('a')).toBe(8192);
    book.learn('a', 6000);
    expect(book.window('a')).toBe(6000);
    expect(book.window('b')).toBe(32768);

    const configured = new WindowBook(16000, undefined);
    configured.learn('m', 12000);
    expect(configured.window('m')).toBe(12000);
  });

  it('asks once more while the server only knew an upper bound (a model not loaded yet)', async () => {
    const answers: (DiscoveredWindow | undefined)[] = [
      { window: 40960, loaded: false },
      { window: 4096, loaded: true },
      { window: 1, loaded: true },
    ];
    const book = new WindowBook(undefined, async () => answers.shift());
    await book.ensure('m', never);
    expect(book.window('m')).toBe(40960);
    await book.ensure('m', never);
    expect(book.window('m')).toBe(4096);
    await book.ensure('m', never);
    expect(book.window('m')).toBe(4096);
  });

  it('unknown when nothing says; a failing discovery is no window', async () => {
    const book = new WindowBook(undefined, async () => {
      throw new Error('connection refused');
    });
    await book.ensure('m', never);
    expect(book.window('m')).toBeUndefined();
  });
});
