import { describe, expect, it } from 'vitest';
import { courierTime } from './tracking';

describe('courierTime', () => {
  it('when the courier writes an ISO date and time, then it reads en-US as every date in the shop', () => {
    expect(courierTime('2026-11-20 10:00')).toBe('11/20/2026 10:00');
    expect(courierTime('2026-01-05T08:30:00')).toBe('1/5/2026 08:30');
    expect(courierTime('2026-01-05')).toBe('1/5/2026');
  });
  it('when the time has another shape, then it is shown as the courier wrote it', () => {
    expect(courierTime('20 Nov 2026 10:00')).toBe('20 Nov 2026 10:00');
    expect(courierTime('')).toBe('');
  });
});
