/**
 * The alert bar's state: shared code that any screen or library may set; the bar itself is drawn by
 * components/alert-bar.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The bar's levels, by the numbers the product spec gives its alert types: 0 hidden, 1 info (blue), 2 warning
 * (amber), and any other number an error (red).
 */
export const AlertLevel = { hidden: 0, info: 1, warning: 2, error: 3 } as const;
export type AlertLevel = (typeof AlertLevel)[keyof typeof AlertLevel];

export interface AlertState {
  /** An `AlertLevel`; any other number is shown as an error, as the spec says. */
  type: number;
  message: string;
}

const HIDDEN: AlertState = { type: AlertLevel.hidden, message: '' };

interface AlertApi {
  alert: AlertState;
  showAlert(level: AlertLevel, message: string): void;
  closeAlert(): void;
  /** Closes the alert only if it is still the one `match` recognises (what the caller raised, or an info that is done). */
  dismissIf(match: (shown: AlertState) => boolean): void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children, initial }: { children: ReactNode; initial?: AlertState }) {
  const [alert, setAlert] = useState<AlertState>(initial ?? HIDDEN);
  const showAlert = useCallback((level: AlertLevel, message: string) => setAlert({ type: level, message }), []);
  const closeAlert = useCallback(() => setAlert(HIDDEN), []);
  const dismissIf = useCallback(
    (match: (shown: AlertState) => boolean) => setAlert((shown) => (shown.type !== AlertLevel.hidden && match(shown) ? HIDDEN : shown)),
    [],
  );
  const value = useMemo(() => ({ alert, showAlert, closeAlert, dismissIf }), [alert, showAlert, closeAlert, dismissIf]);
  return <AlertContext.Provider value={value}>{children}</AlertContext.Provider>;
}

export function useAlert(): AlertApi {
  const ctx = useContext(AlertContext);
  if (!ctx) throw new Error('useAlert outside AlertProvider');
  return ctx;
}

/** The alert, or null where no provider is around (a dialog drawn on its own in a test). */
export const useAlertIfProvided = (): AlertApi | null => useContext(AlertContext);

/** The name of a shown alert's level: its look and its role on the page. */
export function alertKind(type: number): keyof typeof AlertLevel {
  if (type === AlertLevel.hidden) return 'hidden';
  if (type === AlertLevel.info) return 'info';
  if (type === AlertLevel.warning) return 'warning';
  return 'error';
}
