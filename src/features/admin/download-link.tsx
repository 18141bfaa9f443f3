/**
 * A link that downloads a file the server makes for the admin (the print sheet, the CSV export). A plain
 * `<a download>` fails in silence when the tablet is offline or the session has ended (the browser cancels the
 * download; the app says nothing): this one fetches the file first, says "Menyiapkan file…" while a large sheet is
 * made, saves it under `filename`, and tells the admin in the alert bar why it could not (the server's own message).
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { ADMIN_UI } from '../../domain/admin-text';
import { AlertLevel, useAlert } from '../../lib/alert';

const T = ADMIN_UI;

/** The server's Indonesian `message` of a refused download, or the general one when it sent none (a proxy's 502). */
async function refusal(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : T.downloadFailed;
}

function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has taken the file once the click returns; the address is kept a minute for slow devices.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function DownloadLink({ href, filename, className, children }: { href: string; filename: string; className: string; children: ReactNode }) {
  const { showAlert } = useAlert();
  const [busy, setBusy] = useState(false);

  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!navigator.onLine) return showAlert(AlertLevel.warning, T.downloadOffline);
    setBusy(true);
    try {
      const res = await fetch(href, { credentials: 'same-origin' });
      if (res.ok) save(await res.blob(), filename);
      else showAlert(AlertLevel.error, await refusal(res));
    } catch {
      showAlert(AlertLevel.warning, T.downloadOffline);
    } finally {
      setBusy(false);
    }
  };

  return (
    <a className={className} href={href} download={filename} onClick={(e) => void download(e)} aria-busy={busy}>
      {children}
      {busy && <span> · {T.preparingFile}</span>}
    </a>
  );
}
