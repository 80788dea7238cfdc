import { Box } from 'ink';
import { ApprovalPrompt } from './ApprovalPrompt';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { Rule } from './Rule';
import type { ScreenRegions } from './screen-layout';
import { ChildTranscript } from './Transcript';

/**
 * A subagent's view, the whole screen: a header naming it (its type, description, how it
 * stands), its transcript live (its task, streamed text, cards), its todo list, and its keys
 * (Esc back, Ctrl+C stop this agent); a question that waits takes the keys' place.
 */
export function ChildScreen({ regions }: { regions: ScreenRegions }) {
  const { layout, look } = useApp();
  const { frame, transcript, panel, bottom } = regions;
  const width = transcript.width;
  const header = useAppState((state) => layout.child.header(state, width));
  const plan = useAppState((state) => layout.child.panel(state, width, panel.maxRows));
  const keys = useAppState((state) => layout.child.keys(state, width));
  return (
    <Box flexDirection="column" width={width} height={frame.frame}>
      <Lines lines={header ? [header] : [[]]} look={look} width={width} />
      <Rule width={width} />
      <ChildTranscript width={width} height={transcript.height} />
      {panel.rows > 0 && <Lines lines={plan} look={look} width={width} />}
      <Rule width={width} />
      {bottom.approval ? (
        <ApprovalPrompt width={width} maxRows={bottom.maxRows} />
      ) : (
        <Lines lines={keys} look={look} width={width} />
      )}
    </Box>
  );
}
