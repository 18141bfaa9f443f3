/**
 * How the app's tus client sends a photo (uploader.ts), in one place: the tests through real proxies
 * (tests/e2e/deploy.test.ts) send with exactly these options, so what passes there is what the app sends.
 */
import type { UploadOptions } from 'tus-js-client';
import { RESUMABLE_UPLOAD_PATH, UPLOAD_CHUNK_BYTES } from '../../domain/photos';

export interface ResumableTarget {
  /** The shop's origin ('' for the page's own). */
  baseUrl?: string;
  /** A product image (the admin's), kept public. */
  isPublic?: boolean;
  /** Where an earlier try of this photo got to (its `Location`): the upload goes on from the bytes the shop holds. */
  resumeUrl?: string | null;
  /** The largest `PATCH` body; smaller after a proxy refused one (uploader.ts). */
  chunkBytes?: number;
}

export function resumableOptions({ baseUrl = '', isPublic = false, resumeUrl, chunkBytes = UPLOAD_CHUNK_BYTES }: ResumableTarget) {
  const endpoint = `${baseUrl.replace(/\/+$/, '')}${RESUMABLE_UPLOAD_PATH}`;
  return {
    endpoint: isPublic ? `${endpoint}?public=1` : endpoint,
    uploadUrl: resumeUrl ?? null,
    // In pieces a default proxy takes (src/domain/photos.ts): one request per photo met nginx's 1 MB limit.
    chunkSize: chunkBytes,
    // Retries are the uploader's own (backoff, the network's state), not tus-js-client's.
    retryDelays: [],
    // The outbox keeps where each photo's upload is (resumeUrl); no second record in localStorage. No file name is
    // sent either: the server keeps none.
    storeFingerprintForResuming: false,
  } satisfies Partial<UploadOptions>;
}
