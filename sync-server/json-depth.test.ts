import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('how deep a JSON value nests', () => {
  it('when a value nests exactly to the limit, then it passes; one level more does not', () => {
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
  });
  it('when a value nests 400 000 deep, then the answer comes without overflowing the stack', () => {
    expect(nestsDeeperThan(JSON.parse('['.repeat(400_000) + ']'.repeat(400_000)), 32)).toBe(true);
  });
});
