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

/**
 * Fetches a file the server makes and saves it: `busy` while it comes, the reason in the alert bar when it cannot.
 * Answers whether the file was saved (the print queue says so once its PDF is in hand).
 */
export function useDownload(): { busy: boolean; download: (href: string, filename: string, init?: RequestInit) => Promise<boolean> } {
  const { showAlert } = useAlert();
  const [busy, setBusy] = useState(false);

  const download = async (href: string, filename: string, init?: RequestInit): Promise<boolean> => {
    if (busy) return false;
    if (!navigator.onLine) {
      showAlert(AlertLevel.warning, T.downloadOffline);
      return false;
    }
    setBusy(true);
    try {
      const res = await fetch(href, { credentials: 'same-origin', ...init });
      if (res.ok) save(await res.blob(), filename);
      else showAlert(AlertLevel.error, await refusal(res));
      return res.ok;
    } catch {
      showAlert(AlertLevel.warning, T.downloadOffline);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

/** How a link that prints asks for its file: a POST of the same address, which the server takes only from this page. */
const PRINTING: RequestInit = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };

interface DownloadLinkProps {
  href: string;
  filename: string;
  className: string;
  children: ReactNode;
  /**
   * The press prints: the file is asked for by POST, and the server marks what printing marks (the order leaves the
   * print queue, its history says the label was printed). The link's own address stays a read that changes nothing.
   */
  prints?: boolean;
}

export function DownloadLink({ href, filename, className, children, prints = false }: DownloadLinkProps) {
  const { busy, download } = useDownload();
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    void download(href, filename, prints ? PRINTING : undefined);
  };

  return (
    <a className={className} href={href} download={filename} onClick={onClick} aria-busy={busy}>
      {children}
      {busy && <span> · {T.preparingFile}</span>}
    </a>
  );
}
