// The load generator: its own process (pinned apart from the servers), driven over IPC by
// bench/run.mjs. Each message runs one autocannon measurement and answers a compact summary.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

// autocannon only notices the end of a run at its next sample tick, so its own duration overstates
// the run; the rate here is responses over the time from start to the last response.
function measure(opts) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let last = started;
    const instance = autocannon({ ...opts, sampleInt: 100, timeout: 5, bailout: 200 }, (err, r) => {
      if (err) { reject(err); return; }
      const completed = Object.values(r.statusCodeStats).reduce((n, v) => n + v.count, 0);
      const seconds = Math.max(0.001, (last - started) / 1000);
      resolve({
        rps: completed / seconds,
        completed,
        seconds,
        p50: r.latency.p50,
        p99: r.latency.p99,
        mean: r.latency.mean,
        errors: r.errors,
        timeouts: r.timeouts,
        statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count])),
      });
    });
    instance.on('response', () => { last = performance.now(); });
  });
}

process.on('message', async ({ id, opts }) => {
  try {
    process.send({ id, result: await measure(opts) });
  } catch (err) {
    process.send({ id, error: String(err?.message ?? err) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
