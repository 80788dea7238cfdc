/**
 * Answers with calls written as text, gathered for this issue from sources other than
 * shared/corpora/text-tool-calls, to check that recovery is general and not fitted to
 * the corpus. How they were chosen: for each family tick recovers, and for families it
 * did not know yet, the first answers found (a) quoted as a model's real output in a
 * public issue or pull request of a server or client (captured), and (b) the model
 * outputs in the test suites of the servers' own tool parsers (vLLM, mlx-lm), which are
 * written from the models' real behaviour (parser-test). Nothing here was chosen because
 * tick already handled it; answers tick does not recover by design are kept, marked
 * `expect: 'text'` with the reason, and counted in the figures the README gives.
 */
export interface GatheredSample {
  /** Where the answer was found. */
  source: string;
  kind: 'captured' | 'parser-test';
  model: string;
  text: string;
  /** The intended calls (name and arguments), or 'text' when tick leaves it as text. */
  expect: [string, unknown][] | 'text';
  /** Why an answer with a call stays text (only with expect 'text'). */
  why?: string;
}

export const GATHERED: Record<string, GatheredSample> = {
  'llamacpp-15012-qwen3coder-prose-then-xml': {
    source: 'https://github.com/ggml-org/llama.cpp/issues/15012',
    kind: 'captured',
    model: 'Qwen3-Coder-30B-A3B (llama.cpp 6150)',
    text: 'I need to check the weather for Tokyo and Paris as well. Let me get that information for you.\n\n<tool_call>\n<function=get_current_weather>\n<parameter=location>\nTokyo, Japan\n</parameter>\n</function>\n</tool_call> ',
    expect: [['get_current_weather', { location: 'Tokyo, Japan' }]],
  },
  'llamacpp-14697-devstral-tool-calls-object': {
    source: 'https://github.com/ggml-org/llama.cpp/issues/14697',
    kind: 'captured',
    model: 'Devstral (llama.cpp)',
    text: '{\n  "tool_calls": [\n    {\n      "name": "file_view",\n      "arguments": {\n        "path": "src/util.rs",\n        "view_range": [\n          20,\n          40\n        ]\n      },\n      "id": "162875335"\n    }\n  ]\n}',
    expect: [['file_view', { path: 'src/util.rs', view_range: [20, 40] }]],
  },
  'thane-21-granite31-bare-json': {
    source: 'https://github.com/nugget/thane-ai-agent/pull/21',
    kind: 'captured',
    model: 'granite3.1-dense:8b (Ollama)',
    text: '{"name": "get_state", "arguments": {"entity_id": "sun.sun"}}',
    expect: [['get_state', { entity_id: 'sun.sun' }]],
  },
  'mlxlm-1374-ministral-json-list': {
    source: 'https://github.com/ml-explore/mlx-lm/issues/1374',
    kind: 'captured',
    model: 'Ministral-8B-Instruct-2410 (mlx-lm)',
    text: '[TOOL_CALLS] [{"name": "calculator", "arguments": {"expression": "2+3"}}]',
    expect: [['calculator', { expression: '2+3' }]],
  },
  'mlxlm-1643-mistral-nemo-json-list-with-id': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1643',
    kind: 'captured',
    model: 'Mistral Nemo / Small 2409 (template form)',
    text: '[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "/tmp/test.txt"}, "id": "abcdefghi"}]',
    expect: [['read_file', { path: '/tmp/test.txt' }]],
  },
  'mlxlm-1448-devstral-two-calls': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1448',
    kind: 'captured',
    model: 'Devstral (mlx-lm)',
    text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}[TOOL_CALLS]get_weather[ARGS]{"city": "Tokyo"}',
    expect: [
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
    ],
  },
  'mlxlm-1448-devstral-call-then-prose': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1448',
    kind: 'captured',
    model: 'Devstral (mlx-lm)',
    text: '[TOOL_CALLS]grep[ARGS]{"pattern": "TODO"}\n\nLet me search for that.',
    expect: 'text',
    why: 'prose follows the call: a model that calls a tool stops and waits, so a call must end the answer',
  },
  'adk-5654-deepseek-v3-fenced-args': {
    source: 'https://github.com/google/adk-python/pull/5654',
    kind: 'captured',
    model: 'DeepSeek-V3 (via LiteLLM)',
    text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>analysis_input\n```json\n{"work_dir_name":"..."}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    expect: [['analysis_input', { work_dir_name: '...' }]],
  },
  'lmstudio-456-r1-distill-tool-request': {
    source: 'https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/456',
    kind: 'captured',
    model: 'deepseek-r1-distill-qwen-32b (LM Studio, MLX)',
    text: '<think>\n我需要按照指定的格式发送工具请求。因此，我会发送以下请求：\n\n[TOOL_REQUEST]\n{"name": "weather_GET", "arguments": {"zoneId": "Asia/Shanghai"}}\n[END_TOOL_REQUEST]\n\n发送请求后，我会等待工具返回结果。\n</think>\n\n[TOOL_REQUEST]\n{"name": "weather_GET", "arguments": {"zoneId": "Asia/Shanghai"}}\n[END_TOOL_REQUEST]',
    expect: [['weather_GET', { zoneId: 'Asia/Shanghai' }]],
  },
  'openai-agents-1196-mistral-name-paren-json': {
    source: 'https://github.com/openai/openai-agents-python/issues/1196',
    kind: 'captured',
    model: 'mistral-medium-latest (LiteLLM)',
    text: 'call_rag_server({"category": "domestic", "query": "dogs", "k": 3})',
    expect: [['call_rag_server', { category: 'domestic', query: 'dogs', k: 3 }]],
  },
  'vllm-kimi-k2-prose-then-section': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_kimi_k2_tool_parser.py',
    kind: 'parser-test',
    model: 'Kimi-K2-Instruct',
    text: 'I\'ll help you check the weather. <|tool_calls_section_begin|> <|tool_call_begin|>\nfunctions.get_weather:0 <|tool_call_argument_begin|> {"city": "Beijing"} <|tool_call_end|> <|tool_call_begin|>\nfunctions.get_weather:1 <|tool_call_argument_begin|> {"city": "Shanghai"} <|tool_call_end|> <|tool_calls_section_end|>',
    expect: [
      ['get_weather', { city: 'Beijing' }],
      ['get_weather', { city: 'Shanghai' }],
    ],
  },
  'vllm-kimi-k2-html-in-args': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_kimi_k2_tool_parser.py',
    kind: 'parser-test',
    model: 'Kimi-K2-Instruct',
    text: 'I need to process HTML content. <|tool_calls_section_begin|><|tool_call_begin|>functions.process_html:0<|tool_call_argument_begin|>{"html": "<div>content</div>", "text": "normal text"}<|tool_call_end|><|tool_calls_section_end|>',
    expect: [['process_html', { html: '<div>content</div>', text: 'normal text' }]],
  },
  'vllm-xlam-parallel-list': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_xlam_tool_parser.py',
    kind: 'parser-test',
    model: 'Salesforce/Llama-xLAM-2-8B-fc-r',
    text: '[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}, {"name": "get_current_weather", "arguments": {"city": "Orlando", "state": "FL", "unit": "fahrenheit"}}]',
    expect: [
      ['get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' }],
      ['get_current_weather', { city: 'Orlando', state: 'FL', unit: 'fahrenheit' }],
    ],
  },
  'vllm-xlam-think-then-list': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_xlam_tool_parser.py',
    kind: 'parser-test',
    model: 'Salesforce/Llama-xLAM-2-8B-fc-r',
    text: '<think>I\'ll help you with that.</think>[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    expect: [['get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' }]],
  },
  'vllm-xlam-prose-then-json-fence': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_xlam_tool_parser.py',
    kind: 'parser-test',
    model: 'Salesforce/Llama-xLAM-2-8B-fc-r',
    text: 'I\'ll help you with that.\n```json\n[{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]\n```',
    expect: 'text',
    why: 'prose then a fence is how an answer shows an example the user asked for; a fence counts only as the whole answer',
  },
  'vllm-xlam-prose-then-tool-calls-token': {
    source:
      'https://github.com/vllm-project/vllm/blob/main/tests/tool_use/test_xlam_tool_parser.py',
    kind: 'parser-test',
    model: 'Salesforce/Llama-xLAM-2-8B-fc-r',
    text: 'I\'ll check the weather for you.[TOOL_CALLS][{"name": "get_current_weather", "arguments": {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}}]',
    expect: [['get_current_weather', { city: 'Dallas', state: 'TX', unit: 'fahrenheit' }]],
  },
  'mlxlm-tests-function-gemma': {
    source: 'https://github.com/ml-explore/mlx-lm/blob/main/tests/test_tool_parsing.py',
    kind: 'parser-test',
    model: 'FunctionGemma',
    text: 'call:get_current_temperature{location:<escape>London<escape>}',
    expect: [['get_current_temperature', { location: 'London' }]],
  },
  'hermes-agent-7457-gemma4-parenthesis-call': {
    source: 'https://github.com/NousResearch/hermes-agent/issues/7457',
    kind: 'captured',
    model: 'google/gemma-4-31b-it (Nous inference API)',
    text: '<|tool_call>call:search(query: "blockchain news")<tool_call|>',
    expect: [['search', { query: 'blockchain news' }]],
  },
  'mlxlm-1105-gemma4-quote-tokens': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1105',
    kind: 'parser-test',
    model: 'Gemma 4',
    text: '<|tool_call>call:func_name{key:<|"|>value<|"|>,num:42}<tool_call|>',
    expect: [['func_name', { key: 'value', num: 42 }]],
  },
  'ollama-6390-hermes3-code-argument': {
    source: 'https://github.com/ollama/ollama/issues/6390',
    kind: 'captured',
    model: 'xe/hermes3 (Ollama, /api/chat)',
    text: '\n<tool_call>\n{"name": "code_interpreter", "arguments": {"code": "def reverse_list(lst):\\n    return lst[::-1]\\n\\noriginal = [1, 2, 3, 4, 5]\\nreversed_list = reverse_list(original)\\nprint(\'Original:\', original)\\nprint(\'Reversed:\', reversed_list)"}}\n</tool_call>',
    expect: [
      [
        'code_interpreter',
        {
          code: "def reverse_list(lst):\n    return lst[::-1]\n\noriginal = [1, 2, 3, 4, 5]\nreversed_list = reverse_list(original)\nprint('Original:', original)\nprint('Reversed:', reversed_list)",
        },
      ],
    ],
  },
  'vllm-22917-llama4-pythonic-list': {
    source: 'https://github.com/vllm-project/vllm/issues/22917',
    kind: 'captured',
    model: 'Llama 4 (vLLM 0.10.0, llama4_pythonic), the deltas joined',
    text: '[get_todays_date(), get_weather(location="Dublin, Ireland", date="2025-04-14")]',
    expect: [
      ['get_todays_date', {}],
      ['get_weather', { location: 'Dublin, Ireland', date: '2025-04-14' }],
    ],
  },
  'mlxlm-tests-qwen3-coder-indented': {
    source: 'https://github.com/ml-explore/mlx-lm/blob/main/tests/test_tool_parsing.py',
    kind: 'parser-test',
    model: 'Qwen3-Coder',
    text: '\n        <function=multiply>\n        <parameter=a>\n        12234585\n        </parameter>\n        <parameter=b>\n        48838483920\n        </parameter>\n        </function>',
    expect: [['multiply', { a: 12234585, b: 48838483920 }]],
  },
};

/**
 * Text that only shows or explains a call, gathered from the same threads: people
 * describing a format to each other write what an assistant explaining it would. Each must
 * stay text.
 */
export const GATHERED_QUOTES: Record<string, { source: string; text: string }> = {
  'llamacpp-15012-xml-in-a-fence': {
    source: 'https://github.com/ggml-org/llama.cpp/issues/15012',
    text: '**this will be parsed into a tool response:**\n```xml\n<tool_call>\n<function=get_current_weather>\n<parameter=location>\nTokyo, Japan\n</parameter>\n</function>\n</tool_call>\n```',
  },
  'mlxlm-1643-mistral-list-explained': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1643',
    text: 'The classic Mistral tool-call format is a JSON *array* right after the same `[TOOL_CALLS]` marker:\n\n```\n[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "/tmp/test.txt"}, "id": "abcdefghi"}]\n```\n\nBoth families are routed to this parser.',
  },
  'hermes-agent-7449-gemma4-format-explained': {
    source: 'https://github.com/NousResearch/hermes-agent/pull/7449',
    text: 'Gemma 4 outputs tool calls in a unique text format:\n```\n<|tool_call>call:func_name(arg1: "value1", arg2: "value2")<tool_call|>\n```\n\nCurrently, Hermes has no parser for this format.',
  },
  'mlxlm-1105-gemma4-indented-then-prose': {
    source: 'https://github.com/ml-explore/mlx-lm/pull/1105',
    text: 'Gemma 4 uses a non-JSON format for tool calls:\n  <|tool_call>call:func_name{key:<|"|>value<|"|>,num:42}<tool_call|>\n\nThis adds a dedicated parser that:\n- Quotes bare keys for JSON compliance',
  },
  'openclaude-380-call-in-inline-code': {
    source: 'https://github.com/Gitlawb/openclaude/pull/380',
    text: 'If the model echoes attacker-controlled text (e.g., from a fetched webpage) containing `call:Bash{command:"malicious"}`, it becomes a real tool invocation.',
  },
  'easy-llm-cli-57-pseudo-call-mid-answer': {
    source: 'https://github.com/ConardLi/easy-llm-cli/issues/57',
    text: "I need to examine the key files to understand the project's core technologies. Let me start by checking the requirements.txt file to see the dependencies.\n\n[tool_call: read_file for absolute_path 'requirements.txt']\n\nNow let me look at some of the main Python files to understand the structure and functionality.",
  },
  'ai-sdk-middleware-gemma-prompt': {
    source:
      'https://github.com/minpeter/ai-sdk-tool-call-middleware (packages/parser/src/core/prompts/gemma-prompt.ts)',
    text: "You MUST put it in the format of markdown code fence block with the language name of tool_call , e.g.\n```tool_call\n{'name': <function-name>, 'arguments': <args-dict>}\n```\nYou SHOULD NOT include any other text in the response if you call a function",
  },
};
