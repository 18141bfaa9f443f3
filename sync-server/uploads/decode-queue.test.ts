import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { DecodeQueue, DECODE_SLOTS, QUEUE_MAX } from './decode-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

/** A decode that ends when the test says: `started` tells whether its turn came. */
function held(queue: DecodeQueue, address: string, log: string[], name: string, options?: { mayRefuse?: boolean }) {
  let release!: () => void;
  let started = false;
  const done = queue.run(
    address,
    () =>
      new Promise<void>((r) => {
        started = true;
        log.push(name);
        release = r;
      }),
    options,
  );
  return { done, started: () => started, release: () => release() };
}

describe('photos decoded a few at a time', () => {
  it('when one address asks for many decodes at once, then they run one after the other, in the order asked', async () => {
    const queue = new DecodeQueue();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run('198.51.100.1', async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          order.push(i);
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('when many addresses ask at once, then no more than DECODE_SLOTS decodes run together', async () => {
    const queue = new DecodeQueue();
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queue.run(`198.51.100.${i}`, async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(most).toBe(DECODE_SLOTS);
  });

  it('when QUEUE_MAX wait already, then bytes held in memory are refused 429 uploads_busy, while bytes on disk still wait their turn', async () => {
    const queue = new DecodeQueue(1);
    const first = held(queue, 'a', [], 'first');
    const waiting = Array.from({ length: QUEUE_MAX }, (_, i) => queue.run(`w${i}`, async () => 'ok', { mayRefuse: true }));
    await tick();
    expect(queue.queued).toBe(QUEUE_MAX);
    const refused = await queue.run('late', async () => 'ok', { mayRefuse: true }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'uploads_busy' });
    const patient = queue.run('disk', async () => 'from disk');
    first.release();
    await first.done;
    expect(await Promise.all(waiting)).toEqual(Array(QUEUE_MAX).fill('ok'));
    expect(await patient).toBe('from disk');
  });

  it('when a decode fails, then the next one still runs', async () => {
    const queue = new DecodeQueue();
    await expect(queue.run('a', async () => Promise.reject(new Error('rusak')))).rejects.toThrow('rusak');
    expect(await queue.run('a', async () => 'berikutnya')).toBe('berikutnya');
  });
});

describe('served fairly between addresses', () => {
  it('when one address floods 7 photos and then another customer sends one, then the customer\'s starts at once in the free slot, not after the seven', async () => {
    const queue = new DecodeQueue();
    const log: string[] = [];
    const flood = Array.from({ length: 7 }, (_, i) => held(queue, 'flooder', log, `flood${i}`));
    await tick();
    expect(log).toEqual(['flood0']);
    const customer = held(queue, 'customer', log, 'customer');
    await tick();
    expect(customer.started()).toBe(true);
    expect(log).toEqual(['flood0', 'customer']);
    expect(queue.queued).toBe(6);
    customer.release();
    for (const f of flood) {
      await tick();
      f.release();
    }
    await Promise.all([customer.done, ...flood.map((f) => f.done)]);
    expect(log).toEqual(['flood0', 'customer', 'flood1', 'flood2', 'flood3', 'flood4', 'flood5', 'flood6']);
  });

  it('when every slot is busy, then the lines are served in turn: every waiting address once before any address twice', async () => {
    const queue = new DecodeQueue(1);
    const log: string[] = [];
    const jobs = new Map(['A1', 'A2', 'A3', 'B1', 'B2', 'C1'].map((name) => [name, held(queue, name[0]!, log, name)]));
    await tick();
    // Whatever runs is let go, one at a time, until all have run.
    for (let i = 0; i < jobs.size; i++) {
      const running = jobs.get(log[i]!)!;
      running.release();
      await running.done;
      await tick();
    }
    expect(log).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3']);
  });
});
