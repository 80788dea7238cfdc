import { memo } from 'react';
import { useApp, useAppState } from './context';
import { glyphs } from './lines/look';
import { Lines } from './Rows';

/** The line above the input; yellow while an approval is asked. */
export const Rule = memo(function Rule({ width }: { width: number }) {
  const { look } = useApp();
  const asking = useAppState((s) => s.pendingApproval !== null);
  const line = [
    {
      text: glyphs(look).rule.repeat(width),
      style: asking ? { fg: 'yellow' as const } : { dim: true },
    },
  ];
  return <Lines lines={[line]} look={look} width={width} />;
});
