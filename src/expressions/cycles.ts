/**
 * Cycles among a blueprint's expressions (EXPRESSION_RESULT references), found with Tarjan's
 * strongly connected components so that each cycle is reported once, naming one real path.
 */
import type { ExpressionState } from './compile-state';

/**
 * Calls `onCycle` once per cycle (one per strongly connected component), with the expression
 * indices along the cycle starting at its first expression, and the mapping index of the first
 * edge; returns which expressions lie on a cycle.
 */
export function findCycles(
  states: readonly (ExpressionState | null)[],
  onCycle: (cycle: readonly number[], start: number, mappingIndex: number) => void,
): boolean[] {
  const n = states.length;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const inCycle: boolean[] = new Array<boolean>(n).fill(false);
  let counter = 0;
  const successors = (v: number): number[] => [...(states[v]?.dependsOn.keys() ?? [])];

  const strongConnect = (v: number): void => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    for (const w of successors(v)) {
      if (index[w] === -1) {
        strongConnect(w);
        low[v] = Math.min(low[v]!, low[w]!);
      } else if (onStack[w] === 1) {
        low[v] = Math.min(low[v]!, index[w]!);
      }
    }
    if (low[v] !== index[v]) return;
    const component: number[] = [];
    let w: number;
    do {
      w = stack.pop() as number;
      onStack[w] = 0;
      component.push(w);
    } while (w !== v);
    const selfLoop = component.length === 1 && states[v]?.dependsOn.has(v) === true;
    if (component.length === 1 && !selfLoop) return;
    for (const c of component) inCycle[c] = true;
    const start = Math.min(...component);
    const members = new Set(component);
    // Shortest way back to `start` inside the component, for a message that names one real cycle.
    const previous = new Map<number, number>();
    const queue = [start];
    let found = false;
    for (let q = 0; q < queue.length && !found; q++) {
      const u = queue[q] as number;
      for (const s of successors(u)) {
        if (!members.has(s)) continue;
        if (s === start) {
          previous.set(-1, u);
          found = true;
          break;
        }
        if (!previous.has(s)) {
          previous.set(s, u);
          queue.push(s);
        }
      }
    }
    const cycle: number[] = [];
    for (let u = previous.get(-1); u !== undefined && u !== start; u = previous.get(u)) cycle.push(u);
    cycle.push(start);
    cycle.reverse();
    const next = cycle.length > 1 ? (cycle[1] as number) : start;
    onCycle(cycle, start, states[start]?.dependsOn.get(next) ?? 0);
  };
  for (let v = 0; v < n; v++) if (index[v] === -1) strongConnect(v);
  return inCycle;
}
