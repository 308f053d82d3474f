#!/usr/bin/env bash
# Paired server CPU per answer: api-serve S2 (this checkout's dist/) against the bench's bare
# node:http contender, both pinned to CPU 1, autocannon (64 connections, 3 s) on CPU 0, in
# alternating order per round. Prints each round's ratio and the median; CPU time is read from
# /proc (user + system), so what the load generator does on the other core does not count.
# usage: bench/paired-cpu.sh PATH ROUNDS [autocannon options...]   (build first: npm run build)
# PAIRED_SURFACE=orders serves the body-validation row's surface (bench/contenders/order-surface.mjs)
# instead of S2. PAIRED_SURFACE=mock pairs `api-serve S2 --mock` (a) with the handled `api-serve S2`
# (b) instead of node:http (issue 17's mock row).
set -euo pipefail
cd "$(dirname "$0")/.."
URLPATH=$1; ROUNDS=${2:-12}; shift 2
DATA=$(mktemp -d); LOG=$(mktemp)
trap 'kill "${pa:-}" "${pb:-}" 2>/dev/null || true; rm -rf "$DATA" "$LOG"' EXIT
if [[ "${PAIRED_SURFACE:-S2}" == orders ]]; then
  taskset -c 1 node bench/contenders/api-serve.mjs orders > "$LOG.a" 2>&1 & pa=$!
elif [[ "${PAIRED_SURFACE:-S2}" == mock ]]; then
  LABEL_A='api-serve S2 --mock'; LABEL_B='api-serve S2 (handled)'
  taskset -c 1 node bin/api-serve.js S2 --mock --port 0 --data "$DATA" 2> "$LOG.a" > "$LOG.a" & pa=$!
else
  taskset -c 1 node bin/api-serve.js S2 --port 0 --data "$DATA" 2> "$LOG.a" > "$LOG.a" & pa=$!
fi
if [[ "${PAIRED_SURFACE:-S2}" == mock ]]; then
  taskset -c 1 node bin/api-serve.js S2 --port 0 --data "$DATA" > "$LOG" 2>&1 & pb=$!
else
  taskset -c 1 node bench/contenders/node-http.mjs > "$LOG" 2>&1 & pb=$!
fi
# Both listening (at most 30 s: start-up is slow on a loaded machine).
for _ in $(seq 1 60); do grep -q '127.0.0.1:\|"main":\|"orders":' "$LOG.a" 2>/dev/null && grep -q '127.0.0.1:\|"main":' "$LOG" 2>/dev/null && break; sleep 0.5; done
PA=$(grep -o 'http://127.0.0.1:[0-9]*' "$LOG.a" | head -1 | sed 's/.*://' || true)
[[ -n "$PA" ]] || PA=$(grep -o '"orders":[0-9]*' "$LOG.a" | cut -d: -f2)
PB=$(grep -o '"main":[0-9]*' "$LOG" | cut -d: -f2 || true)
[[ -n "$PB" ]] || PB=$(grep -o 'http://127.0.0.1:[0-9]*' "$LOG" | head -1 | sed 's/.*://')
cpu() { awk '{print $14+$15}' "/proc/$1/stat"; }
ticks=$(getconf CLK_TCK)
measure() {
  local c0 n c1; c0=$(cpu "$1")
  n=$(taskset -c 0 node_modules/.bin/autocannon -c 64 -d 3 "${@:3}" -j "http://127.0.0.1:$2$URLPATH" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).requests.total))')
  c1=$(cpu "$1"); node -e "console.log((($c1-$c0)/$ticks*1e6/$n).toFixed(1))"
}
ratios=()
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then a=$(measure $pa $PA "$@"); b=$(measure $pb $PB "$@"); else b=$(measure $pb $PB "$@"); a=$(measure $pa $PA "$@"); fi
  ratio=$(node -e "console.log(($a/$b).toFixed(3))"); ratios+=("$ratio")
  echo "round $r: ${LABEL_A:-api-serve} $a us/req, ${LABEL_B:-node:http} $b us/req, ratio $ratio"
done
printf '%s\n' "${ratios[@]}" | sort -n | node -e 'const x=require("fs").readFileSync(0,"utf8").trim().split("\n").map(Number);const m=x.length%2?x[(x.length-1)/2]:(x[x.length/2-1]+x[x.length/2])/2;console.log(`median ratio ${m.toFixed(3)} over ${x.length} rounds (range ${x[0]}-${x[x.length-1]})`)'
