import { describe, expect, it } from 'vitest';
import { LimitedLog } from './limited-log';

describe('a log anyone can fill', () => {
  it('when 500 lines come in one window, then 20 are written, and the next window starts by saying how many were left out', () => {
    let now = 0;
    const lines: string[] = [];
    const log = new LimitedLog('[payments]', 20, 60_000, () => now, (line) => lines.push(line));
    for (let i = 0; i < 500; i++) log.warn(`refused ${i}`);
    expect(lines).toHaveLength(20);
    now = 60_000;
    log.warn('refused later');
    expect(lines.slice(20)).toEqual(['[payments] 480 more like these in 60 s, not logged one by one', 'refused later']);
  });
  it('when the flood stops, then the count is said once the window ends, without another line to trigger it', async () => {
    const lines: string[] = [];
    const log = new LimitedLog('[payments]', 1, 50, Date.now, (line) => lines.push(line));
    log.warn('a');
    log.warn('b');
    log.warn('c');
    expect(lines).toEqual(['a']);
    await new Promise((r) => setTimeout(r, 120));
    expect(lines).toEqual(['a', '[payments] 2 more like these in 0 s, not logged one by one']);
  });
});
