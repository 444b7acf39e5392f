#!/usr/bin/env node
/**
 * Issue 37: what an options object costs a hot kernel of the expression tape. The backward pass
 * (src/expressions/program.ts) calls `scalarAdjoint` once per tape instruction with eight
 * positional arguments; the same kernel taking one object literal per call is timed beside it, in
 * alternating rounds of process CPU time, so a loaded machine moves both alike. The kernel is a
 * stand-in of the same shape (a switch over opcodes adding into Float64Arrays), not the engine's.
 *
 * Usage: node bench/adjoint-call.mjs [instructions 2000] [passes 3000]
 */
const N = Number(process.argv[2] ?? 2000),
  PASSES = Number(process.argv[3] ?? 3000);
const code = new Int32Array(N * 4),
  r = new Float64Array(N + 8).map((_, i) => 1 + (i % 7)),
  adj = new Float64Array(N + 8);
for (let i = 0; i < N; i++) {
  code[i * 4] = i % 5;
  code[i * 4 + 1] = i + 4;
  code[i * 4 + 2] = i % 4;
  code[i * 4 + 3] = (i + 1) % 4;
}
function positional(op, d, a, b, g, r, adj, side) {
  switch (op) {
    case 0:
      adj[a] -= g;
      break;
    case 1:
      adj[a] += g;
      adj[b] += g;
      break;
    case 2:
      adj[a] += g * r[b];
      adj[b] += g * r[a];
      break;
    case 3:
      adj[a] += g / r[b];
      adj[b] -= (g * r[d]) / r[b];
      break;
    default:
      adj[side === 1 ? b : a] += g;
  }
}
function withObject(o) {
  const { op, d, a, b, g, r, adj, side } = o;
  switch (op) {
    case 0:
      adj[a] -= g;
      break;
    case 1:
      adj[a] += g;
      adj[b] += g;
      break;
    case 2:
      adj[a] += g * r[b];
      adj[b] += g * r[a];
      break;
    case 3:
      adj[a] += g / r[b];
      adj[b] -= (g * r[d]) / r[b];
      break;
    default:
      adj[side === 1 ? b : a] += g;
  }
}
function runPositional() {
  for (let p = 0; p < PASSES; p++) {
    adj.fill(0);
    adj[N + 3] = 1;
    for (let pc = code.length - 4; pc >= 0; pc -= 4) positional(code[pc], code[pc + 1], code[pc + 2], code[pc + 3], 1e-3, r, adj, -1);
  }
}
function runObject() {
  for (let p = 0; p < PASSES; p++) {
    adj.fill(0);
    adj[N + 3] = 1;
    for (let pc = code.length - 4; pc >= 0; pc -= 4)
      withObject({ op: code[pc], d: code[pc + 1], a: code[pc + 2], b: code[pc + 3], g: 1e-3, r, adj, side: -1 });
  }
}
const time = (f) => {
  const t = process.cpuUsage();
  f();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1000;
};
runPositional();
runObject();
const pos = [],
  obj = [];
for (let round = 0; round < 5; round++) {
  pos.push(time(runPositional));
  obj.push(time(runObject));
}
const med = (xs) => [...xs].sort((x, y) => x - y)[2];
console.log(
  JSON.stringify({
    instructions: N,
    passes: PASSES,
    positional_ms: pos.map(Math.round),
    object_ms: obj.map(Math.round),
    median_ratio: +(med(obj) / med(pos)).toFixed(2),
  }),
);
