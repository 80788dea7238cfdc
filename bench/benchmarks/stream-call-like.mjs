// stream-call-like: the stream benchmark with an answer whose every line could begin a
// tool call written as text (bench/lib/call-like.mjs), in chunks of 4 characters: what
// holding such lines back costs tick against the floor, which prints them at once.
import { CALL_LIKE_END, callLikeAnswer } from '../lib/call-like.mjs';
import { streamBenchmark } from './stream.mjs';

export default streamBenchmark('stream-call-like', () => callLikeAnswer(), CALL_LIKE_END);
