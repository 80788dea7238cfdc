/**
 * Tool calls a model wrote into its answer text instead of the structured `tool_calls`
 * field (a wrong chat template, a server started without its tool parser, a drifting
 * quantised model). Each format has its own grammar in formats/; tail.ts decides where a
 * run of calls may stand; stream-filter.ts holds the markup back while it streams.
 */

/** The formats tick recovers, as the card and stream-json's `recovered` name them. */
export type TextCallFormat =
  /** `<tool_call>{"name": ..., "arguments": ...}</tool_call>` (Hermes, Qwen 2.5/3). */
  | 'hermes'
  /** `<tool_call><function=NAME><parameter=KEY>value</parameter></function></tool_call>`. */
  | 'qwen3-coder'
  /** `<function=NAME>{"k": "v"}</function>`: Llama 3.1's custom-tool form (Functionary too). */
  | 'llama-function'
  /** `<tool_call>NAME<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>` (GLM-4.5+). */
  | 'glm'
  /** `<invoke name="NAME"><parameter name="k">v</parameter></invoke>` (MiniMax, DeepSeek DSML). */
  | 'invoke-xml'
  /** A bare JSON object (or array, or several) `{"name": ..., "parameters": ...}` (Llama 3.x). */
  | 'json'
  /** `<|python_tag|>` or `<|python_start|>` before JSON or `name.call(k=v)` (Llama 3.1, 4). */
  | 'llama-python-tag'
  /** `[TOOL_CALLS]name[ARGS]{...}` or `[TOOL_CALLS][{...}]` (Mistral, Devstral). */
  | 'mistral'
  /** `<｜tool▁calls▁begin｜>...<｜tool▁sep｜>...` (DeepSeek V3, R1, V3.1). */
  | 'deepseek'
  /** `<|tool_calls_section_begin|>...functions.NAME:0<|tool_call_argument_begin|>...` (Kimi K2). */
  | 'kimi'
  /** `<|channel|>commentary to=functions.NAME<|message|>{...}<|call|>` (gpt-oss harmony). */
  | 'harmony'
  /** A ```json fence holding a call, as the whole answer. */
  | 'json-fence'
  /** `name(key="value")` lines or `[name(key=1), ...]`, as the whole answer (Granite, Llama 4). */
  | 'pythonic'
  /** `<|tool_call|>[...]`, `functools[...]`, `<tool_calls>[...]` (Granite 3, Phi-4-mini, Jamba). */
  | 'json-tagged'
  /** `call:NAME{key:<escape>v<escape>}` (FunctionGemma, Gemma 4's `<|tool_call>`). */
  | 'gemma';

/** One call as the text wrote it. */
export interface TextCall {
  name: string;
  /** The arguments as JSON text (an object), or the model's raw text when it was not JSON. */
  arguments: string;
  /** An id the text carried (Kimi `functions.x:0`, Mistral `[CALL_ID]`, a JSON `id`). */
  id?: string;
}

/** What the tools offered look like to the value converters: parameter types by tool. */
export type ToolSchemas = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/**
 * One block of a format parsed at a position: its calls and where it ends; `partial` when
 * the text ended inside it (so far it could still be one); `no` when it is not one.
 * `truncated`: the text ended inside it and the parser completed it (only when final).
 */
export type BlockResult =
  | { kind: 'calls'; calls: TextCall[]; end: number; truncated?: boolean; format?: TextCallFormat }
  | { kind: 'partial' }
  | { kind: 'no' };

export interface ParseContext {
  /** The text ended for good: complete what was cut off instead of answering `partial`. */
  final: boolean;
  schemas: ToolSchemas;
}

/** Where a block of a format may begin. */
export type Anchor =
  /** Anywhere outside code: its opener is a special token no prose contains. */
  | 'anywhere'
  /** At the start of a line (after indentation or leaked template tokens). */
  | 'line'
  /** Only where the answer begins (after a think block): forms prose could quote. */
  | 'answer';

export interface FormatGrammar {
  format: TextCallFormat;
  anchor: Anchor;
  /** The texts a block starts with; a text that ends inside one is still a candidate. */
  openers: readonly string[] | ((text: string, at: number) => 'yes' | 'partial' | 'no');
  /**
   * The characters an opener given as a function may start with (any when absent): most
   * lines are ruled out by their first character without asking the grammar.
   */
  firstChars?: string;
  /** Parses one block at `at` (where an opener matched). */
  parse(text: string, at: number, ctx: ParseContext): BlockResult;
  /** What may stand between two blocks besides white space (`;` between JSON calls). */
  separators?: readonly string[];
  /** Also looked for in reasoning (special-token formats a model may emit while thinking). */
  inReasoning: boolean;
}
