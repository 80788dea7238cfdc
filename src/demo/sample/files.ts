// The demo's sample project, kept as strings so the bundled CLI needs no asset files.

export const CART_JS_BUGGY = `// Prices are in cents.
export function total(items, discountPercent = 0) {
  const sum = items.reduce((acc, item) => acc + item.price, 0);
  return Math.round(sum * (1 - discountPercent / 100));
}
`;

export const CART_BUG_LINE = '  const sum = items.reduce((acc, item) => acc + item.price, 0);';
export const CART_FIXED_LINE =
  '  const sum = items.reduce((acc, item) => acc + item.price * item.quantity, 0);';

const CART_TEST_JS = `import assert from 'node:assert/strict';
import { total } from '../src/cart.js';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cases = [
  ['one item', () => assert.equal(total([{ price: 250, quantity: 1 }]), 250)],
  ['quantities add up', () => assert.equal(total([{ price: 250, quantity: 2 }, { price: 100, quantity: 3 }]), 800)],
  ['the discount applies to the sum', () => assert.equal(total([{ price: 1000, quantity: 2 }], 10), 1800)],
];

let failed = 0;
for (const [name, run] of cases) {
  await pause(400);
  try {
    run();
    console.log(\`ok    \${name}\`);
  } catch (error) {
    failed += 1;
    console.log(\`FAIL  \${name}: \${String(error.message).split('\\n')[0]}\`);
  }
}
console.log(failed ? \`\${failed} of \${cases.length} failed\` : \`all \${cases.length} tests passed\`);
process.exit(failed ? 1 : 0);
`;

const PACKAGE_JSON = `{
  "name": "sample-shop",
  "version": "1.0.0",
  "private": true,
  "type": "module",
  "scripts": { "test": "node test/cart.test.js" }
}
`;

const README_MD = `# sample-shop

A tiny shopping cart used by tick's demo. \`node test/cart.test.js\` runs the tests.
`;

const BUILD_JS = `// Stale build output; safe to delete.
export function total(){return 0}
`;

/** Relative path -> content. */
export const SAMPLE_FILES: Record<string, string> = {
  'package.json': PACKAGE_JSON,
  'README.md': README_MD,
  'src/cart.js': CART_JS_BUGGY,
  'test/cart.test.js': CART_TEST_JS,
  'build/cart.min.js': BUILD_JS,
};
