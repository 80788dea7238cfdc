import { afterEach, expect, test } from 'vitest';
import { App } from '../../components/App';
import { Layout } from '../../components/screen-layout';
import { firstFrameRows } from '../../components/lines/first-frame';
import { plain } from '../../components/lines/spans';
import { AppController } from '../../src/app/controller';
import { createAppStore } from '../../src/store/store';
import { ASCII_LOOK, UNICODE_LOOK, renderAt, waitFor, type Rendered } from './helpers';

const rendered: Rendered[] = [];
afterEach(() => rendered.splice(0).forEach((app) => app.instance.unmount()));

for (const [name, look] of [
  ['unicode', UNICODE_LOOK],
  ['ascii', ASCII_LOOK],
] as const)
  for (const size of [
    { columns: 100, rows: 30 },
    { columns: 60, rows: 12 },
  ])
    test(`the early screen draws the App's own first frame (${name}, ${size.columns}x${size.rows})`, async () => {
      const session = { model: 'qwen3-coder', mode: 'default' as const, demo: false, cwd: '/w/p' };
      const store = createAppStore(session);
      const controller = new AppController(store, { frameMs: 0 });
      const app = renderAt(
        <App controller={controller} layout={new Layout(look)} />,
        size,
        controller,
      );
      rendered.push(app);
      await waitFor(
        () => app.lines().some((row) => row.includes('Type a task')),
        3000,
        'the prompt',
      );
      const appRows = app.lines().map((row) => row.trimEnd());
      const early = firstFrameRows(
        createAppStore(session).getState(),
        size.columns,
        size.rows,
        look,
      );
      const earlyRows = Array.from({ length: size.rows - 1 }, (_, i) =>
        plain(early.get(i + 1) ?? []).trimEnd(),
      );
      expect(earlyRows).toEqual(appRows);
      await controller.exit();
    });
