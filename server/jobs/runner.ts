import type { Jobs, ServerContext } from '../context';

/**
 * Work done by the clock rather than by a request. Every instance runs every job; a job whose
 * work must happen once (an email, a reveal, a backup) claims it in the database first, so
 * several instances never do it twice (`once` says how).
 */
export interface Job {
  /** Short and stable: the logs name a failed run by it. */
  name: string;
  /** What it does, in a sentence. */
  does: string;
  everyMs: number;
  /** The first run, this long after start; default `everyMs`. */
  firstAfterMs?: number;
  /** How a piece of its work is done once across instances, or why doing it on each is harmless. */
  once: string;
  /** Whether it runs at all with this configuration; default yes. */
  enabled?: (ctx: ServerContext) => boolean;
  run: (ctx: ServerContext, now: Date) => Promise<unknown>;
}

/**
 * Runs each job on its own timer. A run still going when the next is due is not doubled (the
 * next waits for the one after); a failure is logged with the job's name and the next run comes
 * as usual. `stop` clears the timers and waits for the runs under way.
 */
export class JobRunner implements Jobs {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly jobs: readonly Job[],
  ) {}

  start(): this {
    for (const job of this.jobs) {
      if (job.enabled && !job.enabled(this.ctx)) continue;
      const tick = () => this.runOnce(job);
      const first = setTimeout(tick, job.firstAfterMs ?? job.everyMs);
      const every = setInterval(tick, job.everyMs);
      first.unref();
      every.unref();
      this.timers.push(first, every);
    }
    return this;
  }

  /** Runs the job named now (unless it is off, already running, or the runner stopped); errors are logged, never thrown. */
  runSoon(name: string): void {
    const job = this.jobs.find((j) => j.name === name);
    if (!job || (job.enabled && !job.enabled(this.ctx))) return;
    void this.runOnce(job);
  }

  /** One run of `job` now, unless one is under way. */
  runOnce(job: Job): Promise<void> {
    const under = this.running.get(job.name);
    if (under || this.stopped) return under ?? Promise.resolve();
    const run = job
      .run(this.ctx, new Date())
      .then(() => undefined)
      .catch((err: unknown) => this.ctx.logger.warn({ err, job: job.name }, `scheduled job ${job.name} failed`))
      .finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
    await Promise.all(this.running.values());
  }
}
