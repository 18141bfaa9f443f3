import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors';
import { DecodeQueue, QUEUE_MAX } from './decode-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('photos decoded one at a time', () => {
  it('when many decodes are asked for at once, then they run one after the other, in the order asked', async () => {
    const queue = new DecodeQueue();
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run(async () => {
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

  it('when QUEUE_MAX wait already, then bytes held in memory are refused 429 uploads_busy, while bytes on disk still wait their turn', async () => {
    const queue = new DecodeQueue();
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = r)));
    const waiting = Array.from({ length: QUEUE_MAX }, () => queue.run(async () => 'ok', { mayRefuse: true }));
    await tick();
    expect(queue.queued).toBe(QUEUE_MAX);
    const refused = await queue.run(async () => 'ok', { mayRefuse: true }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, code: 'uploads_busy' });
    const patient = queue.run(async () => 'from disk');
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual(Array(QUEUE_MAX).fill('ok'));
    expect(await patient).toBe('from disk');
  });

  it('when a decode fails, then the next one still runs', async () => {
    const queue = new DecodeQueue();
    await expect(queue.run(async () => Promise.reject(new Error('rusak')))).rejects.toThrow('rusak');
    expect(await queue.run(async () => 'berikutnya')).toBe('berikutnya');
  });
});
