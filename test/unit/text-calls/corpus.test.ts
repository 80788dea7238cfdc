import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { corpus } from '../../support/corpora';
import { recoverTextCalls } from '../../../src/model/text-calls/recover';

/**
 * Every sample of shared/corpora/text-tool-calls (real answers other people's models wrote,
 * INDEX.md gives each one's intended call) recovered to exactly its call: name and
 * arguments. The names and arguments below are INDEX.md's.
 */
const INTENDED: Record<string, { format: string; calls: [string, unknown][] }> = {
  'vllm-21571-qwen3coder-xml-no-closing-tags': {
    format: 'qwen3-coder',
    calls: [['square_the_number', { input_num: 1024 }]],
  },
  'vllm-11786-llama32-11b-vision-json-type-function-truncated': {
    format: 'json',
    calls: [['get_current_traffic', { location: 'Sydney' }]],
  },
  'ollama-13519-llama32-3b-json-fence-name-parameters': {
    format: 'json-fence',
    calls: [['query_web_search', { query: 'install ollama models' }]],
  },
  'omlx-1153-llama4-scout-bare-json-name-parameters': {
    format: 'json',
    calls: [['get_weather', { location: 'Paris' }]],
  },
  'ollama-ai-provider-11-two-concatenated-json-calls': {
    format: 'json',
    calls: [
      ['weather', { location: 'San Francisco' }],
      ['cityAttractions', { city: 'San Francisco' }],
    ],
  },
  'rapidmlx-700-llama31-8b-bare-json-unwanted-call': {
    format: 'json',
    calls: [['web_search', { query: '你好' }]],
  },
  'rapidmlx-1071-devstral2-mistral-tool-calls-args': {
    format: 'mistral',
    calls: [['web_search', { query: 'latest AI model releases this month' }]],
  },
  'lmstudio-876-gptoss120b-harmony-tool-name-with-space': {
    format: 'harmony',
    calls: [
      ['Web Search', { query: '"Fractal Design North XL"', pageSize: 10, safeSearch: 'moderate' }],
    ],
  },
  'ccr-416-qwen3coder30b-lmstudio-xml-no-tool-call-tag-truncated': {
    format: 'qwen3-coder',
    calls: [['LS', { path: 'C:\\code\\minions20' }]],
  },
  'llxprt-749-kimi-k2-thinking-section-in-reasoning': {
    format: 'kimi',
    calls: [['list_directory', { path: '/Users/...' }]],
  },
  'lmstudio-821-qwen3-4b-think-then-hermes': {
    format: 'hermes',
    calls: [['search_products', { query: 'Dell', category: 'electronics', max_price: 50 }]],
  },
  'qwencode-176-qwen3coder30b-llamacpp-xml-complete': {
    format: 'qwen3-coder',
    calls: [
      [
        'run_shell_command',
        {
          command: 'git init',
          description: 'Initializing a new Git repository in the current directory',
        },
      ],
    ],
  },
  // The arguments were never produced: the call names the tool, with none.
  'llamacpp-15181-gptoss20b-bare-recipient-nbsp-zwsp': {
    format: 'harmony',
    calls: [['get_weather', {}]],
  },
  'ollama-11185-qwen3-32b-native-api-bare-json': {
    format: 'json',
    calls: [
      [
        'LLM_Tool_RAG',
        {
          term: 'accidents, tribunal de Versailles',
          vector: 'accidents tribunal Versailles jugements',
        },
      ],
    ],
  },
  'ollama-10981-phi4mini-leaked-special-tokens-then-array': {
    format: 'json',
    calls: [['get_date_time', {}]],
  },
  'ollama-12174-qwen25coder14b-bare-json': {
    format: 'json',
    calls: [['calculator', { expr: '17 * 23' }]],
  },
  'opilot-149-qwen25coder7b-multiline-json-no-indent': {
    format: 'json',
    calls: [['fetch_file_content', { filePath: '/my/code/test-project/AGENTS.md' }]],
  },
  'mistralcommon-73-mistral-large-api-json-array-two-calls-in-content': {
    format: 'json',
    calls: [
      [
        'add_layer_to_map',
        { map_id: 'map_0', parameter: 'WIND', source: 'AROME0.25', level: '1000Hpa' },
      ],
      [
        'add_layer_to_map',
        { map_id: 'map_0', parameter: 'T', source: 'AROME0.25', level: '1000Hpa' },
      ],
    ],
  },
  'vllm-16214-llama4-python-start-end-json': {
    format: 'llama-python-tag',
    calls: [['brave_web_search', { query: 'latest news' }]],
  },
  'doc-lmstudio-829-glm45-arg-key-format': {
    format: 'glm',
    calls: [['kagi_search_fetch', { queries: ['keyword'] }]],
  },
  'doc-vllm-43116-granite33-python-style-calls': {
    format: 'pythonic',
    calls: [
      ['get_weather', { location: 'San Francisco', unit: 'celsius' }],
      ['search_web', { query: 'vLLM release notes' }],
    ],
  },
};

/** The DeepSeek sample is the template's own placeholder: its arguments are not JSON. */
const RAW_ARGUMENTS: Record<string, { format: string; name: string; arguments: string }> = {
  'doc-vllm-23454-deepseek-v31-format': {
    format: 'deepseek',
    name: 'tool_call_name',
    arguments: 'tool_call_arguments',
  },
};

const dir = corpus('text-tool-calls');
const samples = readdirSync(dir)
  .filter((name) => name.endsWith('.txt') && !name.endsWith('.raw.txt'))
  .map((name) => name.slice(0, -'.txt'.length));

describe('the text-tool-calls corpus', () => {
  test('every sample has an intended call here', () => {
    expect(samples.length).toBeGreaterThanOrEqual(22);
    for (const name of samples) expect(INTENDED[name] ?? RAW_ARGUMENTS[name], name).toBeDefined();
  });

  for (const name of samples) {
    test(name, () => {
      const text = readFileSync(`${dir}/${name}.txt`, 'utf8');
      const result = recoverTextCalls(text);
      expect(result, 'recovered').toBeDefined();
      const raw = RAW_ARGUMENTS[name];
      if (raw) {
        expect(result?.format).toBe(raw.format);
        expect(result?.calls.map((c) => [c.name, c.arguments])).toEqual([
          [raw.name, raw.arguments],
        ]);
        return;
      }
      const intended = INTENDED[name];
      expect(result?.format).toBe(intended.format);
      expect(result?.calls.map((c) => [c.name, JSON.parse(c.arguments)])).toEqual(intended.calls);
    });
  }
});
