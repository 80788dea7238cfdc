import { memo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';

/** The /rewind picker, in place of the input while it is open. */
export const RewindPicker = memo(function RewindPicker({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { layout, look } = useApp();
  const picker = useAppState((state) => layout.rewindPicker(state, width, maxRows));
  return picker ? <Lines lines={picker.lines} look={look} width={width} /> : null;
});
