/**
 * A log line anyone can make the server write (a refused request to a public endpoint) is written at most `max` times
 * a window; past that, the lines are counted, and one line says how many were left out when the window ends. A
 * script sending thousands of refused requests fills neither the disk nor the owner's view of the log.
 */
export class LimitedLog {
  private windowStart = -Infinity;
  private written = 0;
  private left = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly topic: string,
    private readonly max = 20,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly write: (line: string) => void = (line) => console.warn(line),
  ) {}

  warn(line: string): void {
    const at = this.now();
    if (at - this.windowStart >= this.windowMs) {
      this.summarise();
      this.windowStart = at;
      this.written = 0;
    }
    if (this.written < this.max) {
      this.written++;
      this.write(line);
      return;
    }
    this.left++;
    if (!this.timer) {
      this.timer = setTimeout(() => this.summarise(), Math.max(0, this.windowStart + this.windowMs - at));
      this.timer.unref();
    }
  }

  /** Says how many lines were left out, if any. */
  private summarise(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.left === 0) return;
    this.write(`${this.topic} ${this.left} more like these in ${Math.round(this.windowMs / 1000)} s, not logged one by one`);
    this.left = 0;
  }
}
