/**
 * The last `capacity` log lines of this process, for the super admin's 'Ver Logs'. pino writes each
 * JSON line here besides stdout; nothing is kept on disk (the deployment's log collector does that).
 */
export class LogRing {
  private readonly buffer: string[] = [];

  constructor(readonly capacity = 500) {}

  write(line: string): void {
    this.buffer.push(line.endsWith('\n') ? line.slice(0, -1) : line);
    if (this.buffer.length > this.capacity) this.buffer.splice(0, this.buffer.length - this.capacity);
  }

  /** The newest `limit` lines, newest first, parsed (lines that are not JSON are skipped). */
  recent(limit: number): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (let i = this.buffer.length - 1; i >= 0 && out.length < limit; i--) {
      try {
        out.push(JSON.parse(this.buffer[i]!) as Record<string, unknown>);
      } catch {
        // not a pino line
      }
    }
    return out;
  }
}
