/**
 * Reads the one file field of a `multipart/form-data` upload with busboy, into memory and at most
 * `maxBytes`: prepared photos are a few hundred KB, and nothing touches the disk before the whole file has
 * arrived and decoded, so an aborted upload leaves nothing behind. Past the cap it stops reading at once.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { HttpError } from '../errors';

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD = 16 * 1024;

const LIMITS = { files: 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 };

export function readFileField(req: IncomingMessage, field: string, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes + MULTIPART_OVERHEAD) return Promise.reject(new HttpError(413, 'upload_too_large'));
  let parser: busboy.Busboy;
  try {
    // busboy signals `limit` on reaching fileSize, so one byte more: a file of exactly maxBytes is fine.
    parser = busboy({ headers: req.headers, limits: { ...LIMITS, fileSize: maxBytes + 1 } });
  } catch {
    // Not multipart/form-data, or no boundary.
    return Promise.reject(new HttpError(400, 'upload_file_required'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let found = false;
    let settled = false;
    const finish = (err: HttpError | null) => {
      if (settled) return;
      settled = true;
      if (err) {
        req.unpipe(parser);
        parser.removeAllListeners();
        parser.on('error', () => undefined);
        reject(err);
      } else resolve(Buffer.concat(chunks));
    };
    parser.on('file', (name, stream) => {
      // An unfinished form also fails its file stream; the parser's own error answers it.
      stream.on('error', () => undefined);
      if (name !== field) {
        stream.resume();
        return;
      }
      found = true;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => finish(new HttpError(413, 'upload_too_large')));
    });
    parser.on('filesLimit', () => finish(new HttpError(400, 'upload_file_required')));
    parser.on('partsLimit', () => finish(new HttpError(400, 'upload_file_required')));
    parser.on('error', () => finish(new HttpError(400, 'upload_file_required')));
    parser.on('close', () => finish(found ? null : new HttpError(400, 'upload_file_required')));
    // A client that goes away mid-upload: drop what arrived.
    req.on('close', () => {
      if (!req.complete) finish(new HttpError(400, 'upload_file_required'));
    });
    req.pipe(parser);
  });
}
