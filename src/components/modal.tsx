import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import { UI } from '../domain/ui-text';
import { AlertLevel, useAlertIfProvided } from '../lib/alert';
import { AlertBar } from './alert-bar';

type ModalProps = {
  onClose(): void;
  children: ReactNode;
  className?: string;
  /** A tap on the dimmed page around it closes it too (a panel with nothing to lose, like the cart overlay). */
  closeOnBackdrop?: boolean;
} & (
  | { title: ReactNode; titleId?: undefined }
  | { titleId: string; title?: undefined }
);

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native `<dialog>`: `showModal()` gives the focus trap, the inert page behind and
 * Escape. Being mounted is being open: closing (Escape, the × button) only asks the owner, through
 * `onClose`, to unmount it. With `title` it draws its own heading and × button; with `titleId` the
 * children bring the heading. Where `showModal` is missing (jsdom) it opens without the trap. The alert bar is
 * drawn inside it too: the page's own bar is behind the backdrop and inert while a dialog is open, so a message
 * raised from the dialog (a refused photo) would be dimmed and could not be closed.
 */
export function Modal({ title, titleId, onClose, children, className, closeOnBackdrop = false }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ownTitleId = useId();
  // Taken at first render: by the time an effect runs again (StrictMode) focus is already inside.
  const [returnFocus] = useState(() => document.activeElement as HTMLElement | null);
  // A popup opens clean: an info message of what came before ('Pesanan dibatalkan.', 'Perubahan disimpan.') read at the
  // top of this one as if it were about it. A warning or an error stays to be read.
  const dismissIf = useAlertIfProvided()?.dismissIf;
  const [opening] = useState(() => ({ dismissIf }));
  useEffect(() => opening.dismissIf?.((a) => a.type === AlertLevel.info), [opening]);

  useEffect(() => {
    const el = dialog.current!;
    // Under StrictMode the effect runs twice on a dialog that is already open.
    if (!el.open) {
      if (typeof el.showModal === 'function') el.showModal();
      else el.setAttribute('open', '');
    }
    // The dialog's own first control, not the × of an alert shown in it.
    ([...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find((n) => !n.closest('.alert-bar')) ?? el).focus();
    return () => {
      // The opener may be gone (the button of a wizard that closed as this popup opened) or never was (a dialog open
      // on arrival): focus would fall to <body> and the next Tab start after the dialog's place, in the footer.
      // The page's main content (the layout's skip-link target) takes it then.
      const back = returnFocus && returnFocus !== document.body && returnFocus.isConnected ? returnFocus : document.getElementById('main');
      back?.focus?.();
    };
  }, [returnFocus]);

  // Escape fires `cancel`; the owner decides. A cancel the browser will not let us stop closes the
  // dialog anyway, and the `close` event reports that.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    if (!e.cancelable) return;
    e.preventDefault();
    onClose();
  };

  // A tap on the backdrop reaches the dialog element itself, outside its box.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (!closeOnBackdrop || e.target !== e.currentTarget) return;
    const r = e.currentTarget.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId ?? ownTitleId}
      tabIndex={-1}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      <AlertBar />
      {title !== undefined && (
        <div className="modal-head">
          <h2 id={ownTitleId}>{title}</h2>
          <button type="button" className="modal-close" onClick={onClose} aria-label={UI.close}>
            ×
          </button>
        </div>
      )}
      {children}
    </dialog>
  );
}
