import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLoop, stopAllLoops } from './background';
import { log } from './log';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('startLoop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs one pass at a time, survives a failing pass, starts once per name, and stops', async () => {
    const errors = vi.spyOn(log(), 'error').mockImplementation(() => {});
    let active = 0;
    let most = 0;
    let passes = 0;
    const stop = startLoop('[test] loop', 5, async () => {
      passes++;
      active++;
      most = Math.max(most, active);
      await sleep(20);
      active--;
      if (passes === 1) throw new Error('boom');
    });
    const second = vi.fn(async () => {});
    startLoop('[test] loop', 5, second)();
    await sleep(150);
    stop();
    const after = passes;
    await sleep(50);

    expect(most).toBe(1);
    expect(after).toBeGreaterThanOrEqual(3);
    expect(passes).toBe(after);
    expect(second).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledWith({ loop: '[test] loop', error: 'boom' }, '[test] loop failed');
    // Stopped: the name is free again.
    const again = vi.fn(async () => {});
    const stopAgain = startLoop('[test] loop', 5, again);
    await sleep(30);
    stopAgain();
    expect(again).toHaveBeenCalled();
  });

  it('stopAllLoops waits for the pass under way and runs no more', async () => {
    let finished = 0;
    let started = 0;
    startLoop('[test] slow loop', 5, async () => {
      started++;
      await sleep(80);
      finished++;
    });
    await sleep(30); // a pass is under way
    await stopAllLoops();
    expect(started).toBe(1);
    expect(finished).toBe(1);
    await sleep(30);
    expect(started).toBe(1);
  });
});
