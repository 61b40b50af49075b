import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type { ServerContext } from '../context';
import { JobRunner, serverJobs, type Job } from '.';

/** What the runner uses of the context: the logger, and the configuration a job's switch reads. */
function contextWith(backupsDir: string | null) {
  const warn = vi.fn();
  return { ctx: { logger: { warn }, config: { backups: { dir: backupsDir } } } as unknown as ServerContext, warn };
}

/** A job whose runs wait until released, counting how many started. */
function gatedJob(name = 'gated'): Job & { started: number; release: () => void } {
  let release = () => {};
  const job = {
    name,
    does: 'waits',
    everyMs: 60_000,
    once: 'test',
    started: 0,
    release: () => release(),
    run: () => {
      job.started += 1;
      return new Promise<void>((resolve) => (release = resolve));
    },
  };
  return job;
}

describe('the job runner', () => {
  it('never runs a job twice at once, and runs it again once the run is over', async () => {
    const { ctx } = contextWith(null);
    const job = gatedJob();
    const runner = new JobRunner(ctx, [job]);
    const first = runner.runOnce(job);
    const second = runner.runOnce(job);
    expect(job.started).toBe(1);
    job.release();
    await Promise.all([first, second]);
    const third = runner.runOnce(job);
    expect(job.started).toBe(2);
    job.release();
    await third;
  });

  it('logs a failed run with the job’s name, and runs the job again next time', async () => {
    const { ctx, warn } = contextWith(null);
    let runs = 0;
    const job: Job = { name: 'flaky', does: 'fails once', everyMs: 60_000, once: 'test', run: async () => (runs += 1) === 1 ? Promise.reject(new Error('down')) : undefined };
    const runner = new JobRunner(ctx, [job]);
    await runner.runOnce(job);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), expect.stringContaining('flaky'));
    await runner.runOnce(job);
    expect(runs).toBe(2);
  });

  it('waits for the runs under way when it stops, and starts no more', async () => {
    const { ctx } = contextWith(null);
    const job = gatedJob();
    const runner = new JobRunner(ctx, [job]).start();
    void runner.runOnce(job);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    job.release();
    await stopping;
    await runner.runOnce(job);
    expect(job.started).toBe(1);
  });
});

describe('the server’s jobs', () => {
  const jobs = serverJobs();

  it('have one name each, and each is listed in docs/architecture.md', () => {
    const names = jobs.map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
    const doc = fs.readFileSync('docs/architecture.md', 'utf8');
    for (const name of names) expect(doc, `docs/architecture.md lists \`${name}\``).toContain(`\`${name}\``);
  });

  it('run backups only when BACKUP_DIR is set', () => {
    const backups = jobs.find((j) => j.name === 'backups')!;
    expect(backups.enabled?.(contextWith(null).ctx)).toBe(false);
    expect(backups.enabled?.(contextWith('/var/backups/drabble').ctx)).toBe(true);
  });
});
