/**
 * Files read into a few reused buffers instead of a new buffer per read (fs.createReadStream's way). A buffer goes
 * back to the pool once the response has written it (`write`'s callback), so a download's memory is what is in
 * flight (bounded by the streams' backpressure), not whatever garbage V8 has yet to collect.
 */
import { close, open, read } from 'node:fs';
import { Readable, type Writable } from 'node:stream';

export class BufferPool {
  private readonly free: Buffer[] = [];
  private readonly lent = new Set<ArrayBuffer>();
  constructor(readonly size: number, private readonly keep = 32) {}

  take(): Buffer {
    const buf = this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
    this.lent.add(buf.buffer as ArrayBuffer);
    return buf;
  }

  /** A chunk (or a view of it) is done with: its buffer is reused if it is one of ours, lent and not yet back. */
  give(chunk: Uint8Array): void {
    const ab = chunk.buffer as ArrayBuffer;
    if (!this.lent.delete(ab)) return;
    if (this.free.length < this.keep) this.free.push(Buffer.from(ab, 0, this.size));
  }
}

/** One file as a stream of chunks read into `pool`'s buffers; opened when made (the zip makes one at a time). */
export class PooledFileReader extends Readable {
  private fd: number | null = null;
  constructor(private readonly file: string, private readonly pool: BufferPool) {
    super({ highWaterMark: pool.size });
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.file, 'r', (error, fd) => (error ? callback(error) : ((this.fd = fd), callback())));
  }

  override _read(): void {
    const buf = this.pool.take();
    // fs's callbacks rather than a FileHandle's promises: less garbage a chunk.
    read(this.fd!, buf, 0, buf.length, null, (error, bytesRead) => {
      if (bytesRead > 0 && !error) return void this.push(buf.subarray(0, bytesRead));
      this.pool.give(buf);
      if (error) this.destroy(error);
      else this.push(null);
    });
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const fd = this.fd;
    this.fd = null;
    if (fd === null) return callback(error);
    close(fd, () => callback(error));
  }
}

/** `source` into `out` with backpressure, each chunk given back to `pool` once `out` has written it. */
export function pipeReturning(source: Readable, out: Writable, pool: BufferPool): void {
  source.on('data', (chunk: Buffer) => {
    if (!out.write(chunk, (error) => error || pool.give(chunk))) {
      source.pause();
      out.once('drain', () => source.resume());
    }
  });
  source.once('end', () => out.end());
}
