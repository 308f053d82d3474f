// The live view's components: a progress bar, the running pass/fail counts, the cases on the
// wire and the latest failures. Display only: the state comes from progress.ts.
import { Box, Text } from 'ink';
import type { Progress } from '../progress.js';

export interface LiveViewProps {
  readonly progress: Progress;
  readonly color: boolean;
  /** Width of the bar in cells. */
  readonly barWidth?: number;
}

export function ProgressBar({ done, total, width }: { readonly done: number; readonly total: number; readonly width: number }) {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return <Text>{'█'.repeat(filled)}{'░'.repeat(width - filled)}</Text>;
}

export function Counts({ progress, color }: { readonly progress: Progress; readonly color: boolean }) {
  return (
    <Text>
      <Text {...(color ? { color: 'green' } : {})}>{progress.passed} passed</Text>
      {', '}
      <Text {...(color && progress.failed > 0 ? { color: 'red' } : {})}>{progress.failed} failed</Text>
      {progress.skipped > 0 ? `, ${progress.skipped} not run` : ''}
    </Text>
  );
}

export function LiveView({ progress, color, barWidth = 30 }: LiveViewProps) {
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>api-check </Text>
        <ProgressBar done={progress.done} total={progress.total} width={barWidth} />
        <Text> {progress.done}/{progress.total}  </Text>
        <Counts progress={progress} color={color} />
      </Box>
      {progress.running.slice(0, 4).map((r, i) => (
        <Text key={`run-${i}`} {...(color ? { color: 'cyan' } : {})}>{'> '}{r}</Text>
      ))}
      {progress.failures.map((f, i) => (
        <Text key={`fail-${i}`} {...(color ? { color: 'red' } : {})}>{'FAIL '}{f}</Text>
      ))}
    </Box>
  );
}
