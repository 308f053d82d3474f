// The figures of one run as Markdown ratio tables (written next to the JSON, pasted into docs/benchmark.md).
import { fmtInt, fmtRatio } from './stats.mjs';

const cell = (w, name) => w.cells.find((c) => c.contender === name);

export function markdown(result) {
  const { workloads, startup, machine, noise } = result;
  const out = [];
  out.push('| workload | node:http req/s | api-serve | polka | fastify | api-serve p99 | api-serve CPU/req | api-serve RSS |');
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const w of workloads.filter((x) => x.group === 'main')) {
    const api = cell(w, 'api-serve');
    out.push(`| ${w.label} | ${fmtInt(cell(w, 'node:http')?.median.rps)} | ${fmtRatio(api?.ratio.rps)} | ${fmtRatio(cell(w, 'polka')?.ratio.rps)} | ${fmtRatio(cell(w, 'fastify')?.ratio.rps)} | ${fmtRatio(api?.ratio.p99)} | ${fmtRatio(api?.ratio.cpu)} | ${fmtRatio(api?.ratio.rss)} |`);
  }
  const s4 = workloads.filter((x) => x.group === 's4');
  if (s4.length > 0) {
    out.push('', '| S4 workload | json-server req/s | api-serve | api-serve p99 | api-serve RSS |', '| --- | ---: | ---: | ---: | ---: |');
    for (const w of s4) {
      const api = cell(w, 'api-serve');
      out.push(`| ${w.label} | ${fmtInt(cell(w, 'json-server')?.median.rps)} | ${fmtRatio(api?.ratio.rps)} | ${fmtRatio(api?.ratio.p99)} | ${fmtRatio(api?.ratio.rss)} |`);
    }
  }
  const mocked = workloads.filter((x) => x.group === 'mock');
  if (mocked.length > 0) {
    out.push('', '| mock workload | baseline | baseline req/s | mock req/s | x base | x base by CPU/req | mock p99 x base |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const w of mocked) {
      const base = cell(w, w.baseline);
      const m = w.cells.find((c) => c.contender !== w.baseline);
      // CPU/req ratio inverted: the throughput the CPU time per answer predicts, as in the targets.
      out.push(`| ${w.label} | ${w.baseline} | ${fmtInt(base?.median.rps)} | ${fmtInt(m?.median.rps)} | ${fmtRatio(m?.ratio.rps)} | ${fmtRatio(m?.ratio.cpu ? 1 / m.ratio.cpu : undefined)} | ${fmtRatio(m?.ratio.p99)} |`);
    }
  }
  const routing = workloads.filter((x) => x.group === 'routing');
  if (routing.length > 0) out.push('', `Routing, req/s against the 10-endpoint surface: ${routing.map((w) => `${w.label.replace('routing, ', '')} ${fmtRatio(cell(w, 'api-serve')?.ratio.rps)}`).join(', ')}.`);
  if (startup) out.push(`Start-up, spawn of \`api-serve S2 --port 0\` to its first 200: ${Math.round(startup.apiServeMs)} ms (\`node -e ""\`: ${Math.round(startup.nodeMs)} ms, ${fmtRatio(startup.ratio)}).`);
  out.push(`Machine: ${machine.cpus} x ${machine.cpu}, Node ${machine.node}, ${machine.os}; servers pinned to CPU 1 and autocannon to CPU 0: ${machine.pinned ? 'yes' : 'no'}. Noise: one cell's req/s varied by ${Math.round((noise.medianSpread ?? NaN) * 100)}% between rounds (median).`);
  return `${out.join('\n')}\n`;
}
