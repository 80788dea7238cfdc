import { memo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';

/** The subagents' list (/agents, ↓ on an empty input), in place of the input while it is open. */
export const AgentList = memo(function AgentList({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { layout, look } = useApp();
  const list = useAppState((state) => layout.agentList(state, width, maxRows));
  return list ? <Lines lines={list.lines} look={look} width={width} /> : null;
});
