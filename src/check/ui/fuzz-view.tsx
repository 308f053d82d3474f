// The fuzz live view: the seed and the progress against --runs, generated requests per endpoint
// (valid and with a fault) and per fault kind, sequences per collection, failures as they are
// found. Display only: the state comes from fuzz/progress.ts.
import { Box, Text } from 'ink';
import { type FuzzProgress, sentOf } from '../fuzz/progress.js';
import { ProgressBar } from './live-view.js';

export interface FuzzViewProps {
  readonly progress: FuzzProgress;
  readonly color: boolean;
  readonly barWidth?: number;
  /** Endpoint rows at most (a big surface is summed up in one more line). */
  readonly rows?: number;
}

export function FuzzView({ progress: p, color, barWidth = 30, rows = 8 }: FuzzViewProps) {
  const sent = sentOf(p);
  const tint = (c: string, on = true) => (color && on ? { color: c } : {});
  const width = Math.max(0, ...p.endpoints.map((e) => e.label.length));
  const shown = p.endpoints.slice(0, rows);
  const faults = Object.entries(p.faults).map(([k, n]) => `${k} ${n}`).join(', ');
  return (
    <Box flexDirection="column">
      <Box>
        <Text bold>api-check fuzz {p.surface} </Text>
        <ProgressBar done={Math.min(sent, p.budget)} total={p.budget} width={barWidth} />
        <Text> {sent}/{p.budget}  </Text>
        <Text {...tint('green')}>{p.passed} passed</Text>
        <Text>, </Text>
        <Text {...tint('red', p.failed > 0)}>{p.failed} failed</Text>
        <Text>  seed {p.seed}</Text>
      </Box>
      {shown.map((e) => (
        <Text key={`e-${e.endpoint}`}>
          {'  '}{e.label.padEnd(width)}  {e.valid} valid, {e.faulty} with a fault
          {e.failed > 0 ? <Text {...tint('red')}>, {e.failed} failed</Text> : ''}
        </Text>
      ))}
      {p.endpoints.length > shown.length ? <Text>{'  '}... {p.endpoints.length - shown.length} more endpoints</Text> : null}
      {faults === '' ? null : <Text {...tint('cyan')}>{'  faults: '}{faults}</Text>}
      {p.stateful.map((c) => (
        <Text key={`s-${c.collection}`} {...tint('red', c.failed)}>
          {'  stateful '}{c.collection}: {c.sequences} sequence{c.sequences === 1 ? '' : 's'}, {c.requests} requests{c.failed ? ', failed' : ''}
        </Text>
      ))}
      {p.failures.map((f, i) => (
        <Text key={`f-${i}`} {...tint('red')}>{'FAIL '}{f}</Text>
      ))}
    </Box>
  );
}
