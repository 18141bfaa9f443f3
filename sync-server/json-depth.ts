/**
 * How deep a request's JSON may nest. JSON.parse reads any depth, but everything after it that walks a document
 * recursively (the schema check, the push's comparison of states, stableJson) overflows the stack on a value nested a
 * few thousand levels deep: a 1 MB body can nest 500 000. The shop's deepest document nests six levels (an order's
 * line's photo's crop) and a push row adds two, so anything past JSON_MAX_DEPTH is no document of the shop's.
 */
export const JSON_MAX_DEPTH = 32;

/** Whether `value` nests deeper than `max` (objects and arrays), found without recursion so no depth can overflow it. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= max) return true;
    for (const child of Object.values(next.value)) if (child !== null && typeof child === 'object') stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}
