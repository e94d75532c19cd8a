import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuSample, othersLoad } from './core-load';

describe('othersLoad', () => {
  it('counts the cores kept busy between two samples, less this process’s own time', () => {
    const from = { at: 0, busy: 10_000, own: 500 };
    // Over 2 s: 3.5 s of busy cores, 1.5 s of it this process's own: others kept one core busy.
    expect(othersLoad(from, { at: 2000, busy: 13_500, own: 2000 })).toBe(1);
    // Only this process's work: nothing from others (never below 0, whatever the ticks' rounding).
    expect(othersLoad(from, { at: 1000, busy: 10_990, own: 1500 })).toBe(0);
    expect(othersLoad(from, from)).toBe(0);
  });

  it('sees another process keeping a core busy', () => {
    const before = cpuSample();
    // A child spinning for 1.2 s while this process waits for it (so its own time stays still).
    spawnSync(process.execPath, ['-e', 'const t = Date.now(); while (Date.now() - t < 1200);']);
    expect(othersLoad(before, cpuSample())).toBeGreaterThan(0.4);
  });
});
