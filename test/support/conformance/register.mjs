// The official MCP conformance CLI imports fs.globSync, which Node has from 22 on. On Node 20
// the tests run it with `node --import ./register.mjs`: its `fs` gets a globSync (fast-glob).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
