/** Every grammar tick recovers, in the order they are tried at one position. */
import type { FormatGrammar } from '../types';
import { toolCallTag } from './tool-call-tag';
import { functionXml } from './function-xml';
import { invokeXml } from './invoke-xml';
import { bareJson, jsonFence, jsonTagged } from './json-calls';
import { llamaTag } from './llama-tag';
import { mistral } from './mistral';
import { sectionTokens } from './section-tokens';
import { harmony, harmonyStripped } from './harmony';
import { pythonic } from './pythonic';
import { gemma, gemmaBare } from './gemma';

export const GRAMMARS: readonly FormatGrammar[] = [
  toolCallTag,
  sectionTokens,
  harmony,
  mistral,
  llamaTag,
  invokeXml,
  jsonTagged,
  gemma,
  functionXml,
  harmonyStripped,
  bareJson,
  jsonFence,
  pythonic,
  gemmaBare,
];
