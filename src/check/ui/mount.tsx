// Mounts a live view (replay's or fuzz's) on a terminal and re-renders it as the run progresses;
// the only place that starts Ink.
import type { ReactElement } from 'react';
import { render } from 'ink';
import type { Progress } from '../progress.js';
import type { FuzzProgress } from '../fuzz/progress.js';
import { LiveView } from './live-view.js';
import { FuzzView } from './fuzz-view.js';

export interface Live<P = Progress> {
  update(progress: P): void;
  /** Renders the last state and releases the terminal. */
  stop(): void;
}

function mount<P>(view: (p: P) => ReactElement, initial: P, stdout: NodeJS.WriteStream | undefined): Live<P> {
  const app = render(view(initial), { stdout: stdout ?? process.stdout, patchConsole: false, exitOnCtrlC: true });
  let last = initial;
  let pending: NodeJS.Timeout | undefined;
  return {
    update(progress) {
      last = progress;
      // Re-render at most every 50 ms: a fast run must not spend its time drawing.
      pending ??= setTimeout(() => { pending = undefined; app.rerender(view(last)); }, 50);
    },
    stop() {
      if (pending) clearTimeout(pending);
      app.rerender(view(last));
      app.unmount();
    },
  };
}

export function mountLiveView(initial: Progress, options: { color: boolean; stdout?: NodeJS.WriteStream }): Live {
  return mount((p) => <LiveView progress={p} color={options.color} />, initial, options.stdout);
}

export function mountFuzzView(initial: FuzzProgress, options: { color: boolean; stdout?: NodeJS.WriteStream }): Live<FuzzProgress> {
  return mount((p) => <FuzzView progress={p} color={options.color} />, initial, options.stdout);
}
