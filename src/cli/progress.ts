/**
 * Progress of a long command on stderr, when stderr is a terminal (`Io.errIsTerminal`): the phase
 * under way, and while entries are evaluated, how many are done, the rate and the time left. One
 * line, drawn once the command has run for half a second (a short run shows nothing), redrawn in
 * place at most every 200 ms and cleared at the end; nothing at all when stderr is not a
 * terminal, so that logs and pipes get only the messages.
 */
import type { Io } from './io';

/** Nothing is drawn before the command has run this long, in ms. */
const DELAY = 500;
/** Redraws at most this often, in ms. */
const INTERVAL = 200;

/** The progress line of one command run. */
export class Progress {
  private readonly active: boolean;
  private readonly now: () => number;
  private shown = false;
  private lastDrawn = Number.NEGATIVE_INFINITY;
  /**
   * When the first chunk of entries was done, and how many it had: the rate counts from there, so
   * that the first chunk's one-off costs (compiling the hot code, the first output) do not make
   * the first estimate many times too long.
   */
  private rateFrom: { readonly at: number; readonly done: number } | null = null;
  private readonly started: number;

  constructor(private readonly io: Io) {
    this.active = io.errIsTerminal === true;
    this.now = io.now ?? (() => performance.now());
    this.started = this.now();
  }

  /** Shows the phase under way (`reading graph.json`), replacing the line. */
  phase(text: string): void {
    if (this.active && this.now() - this.started >= DELAY) this.draw(`${text}...`);
  }

  /** `done` of `total` entries evaluated; redrawn when the last drawing is old enough. */
  entries(done: number, total: number): void {
    if (!this.active) return;
    const now = this.now();
    if (this.rateFrom === null && done > 0) this.rateFrom = { at: now, done };
    if (now - this.started < DELAY || (now - this.lastDrawn < INTERVAL && done < total)) return;
    const from = this.rateFrom;
    const seconds = from === null ? 0 : (now - from.at) / 1000;
    const rate = from !== null && seconds > 0 && done > from.done ? (done - from.done) / seconds : Number.NaN;
    const left = Number.isFinite(rate) && rate > 0 ? `, about ${formatSeconds((total - done) / rate)} left` : '';
    const perSecond = Number.isFinite(rate) ? `, ${Math.round(rate).toLocaleString('en-US')} entries/s` : '';
    this.draw(`evaluated ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} entries${perSecond}${left}`);
    this.lastDrawn = now;
  }

  /** Clears the line (a command's own messages then start on a clean line). */
  done(): void {
    if (this.shown) this.io.err('\r\u001b[K');
    this.shown = false;
  }

  private draw(text: string): void {
    this.io.err(`\r${text}\u001b[K`);
    this.shown = true;
  }
}

function formatSeconds(seconds: number): string {
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
