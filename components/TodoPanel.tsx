import type { Todo } from '../src/todos/types';
import { Lines } from './Lines';
import { todoPanelLines, type TodoView } from './lines/todo-panel';

export interface TodoPanelProps extends TodoView {
  todos: Todo[];
  width: number;
}

/** The live checklist: "Todos d/n", then ☐ / spinner / ☑ rows. */
export function TodoPanel({ todos, width, ...view }: TodoPanelProps) {
  return <Lines lines={todoPanelLines(todos, width, view)} look={view.look} width={width} />;
}
