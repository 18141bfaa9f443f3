import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { UI } from '../../domain/ui-text';
import { useSignOut } from '../../lib/auth/use-sign-out';

/** The signed-in user's dropdown: Profile, Keranjang (cart overlay) and Log Out. */
export function UserMenu({ username, onOpenCart }: { username: string; onOpenCart(): void }) {
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      items[(i + step + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="user-menu-list"
        title={username}
        onClick={() => setOpen((o) => !o)}
      >
        {/* A long e-mail name is cut with '…' on a phone; the button's name stays whole for a screen reader. */}
        <span className="user-name">{username}</span>
      </button>
      {open && (
        <ul id="user-menu-list" role="menu" aria-label={username} className="dropdown" onKeyDown={onMenuKey}>
          <li role="none">
            <Link role="menuitem" to="/profile" onClick={() => setOpen(false)}>
              {UI.nav.profile}
            </Link>
          </li>
          {[
            { label: UI.nav.cart, act: onOpenCart },
            { label: UI.nav.logout, act: () => void signOut() },
          ].map(({ label, act }) => (
            <li role="none" key={label}>
              <button
                role="menuitem"
                type="button"
                onClick={() => {
                  setOpen(false);
                  // This item goes with the menu: focus waits on the menu's button, where the cart overlay returns it.
                  button.current?.focus();
                  act();
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
