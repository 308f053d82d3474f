// Mounts the live view on a terminal and re-renders it as the run progresses; the only place
// that starts Ink.
import { render } from 'ink';
import type { Progress } from '../progress.js';
import { LiveView } from './live-view.js';

export interface Live {
  update(progress: Progress): void;
  /** Renders the last state and releases the terminal. */
  stop(): void;
}

export function mountLiveView(initial: Progress, options: { color: boolean; stdout?: NodeJS.WriteStream }): Live {
  const app = render(<LiveView progress={initial} color={options.color} />, {
    stdout: options.stdout ?? process.stdout,
    patchConsole: false,
    exitOnCtrlC: true,
  });
  let last = initial;
  let pending: NodeJS.Timeout | undefined;
  return {
    update(progress) {
      last = progress;
      // Re-render at most every 50 ms: a fast run must not spend its time drawing.
      pending ??= setTimeout(() => { pending = undefined; app.rerender(<LiveView progress={last} color={options.color} />); }, 50);
    },
    stop() {
      if (pending) clearTimeout(pending);
      app.rerender(<LiveView progress={last} color={options.color} />);
      app.unmount();
    },
  };
}
