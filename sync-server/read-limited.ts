/**
 * Reading an outside service's answer with a bound. `Response.json()` and `.text()` read whatever arrives, so a
 * service gone wrong (or anyone between) could make the server hold megabytes per call; an answer past the bound is
 * not read further, and the caller treats it as the service failing.
 */

/** The body of `res` as text, at most `maxBytes` of it (after any decompression); null when it is longer. */
export async function readLimited(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}
