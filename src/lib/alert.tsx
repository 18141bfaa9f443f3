/**
 * The alert bar's state (spec: type 0 hidden, 1 info, 2 warning, anything else error): shared code that any
 * screen or library may set; the bar itself is drawn by components/alert-bar.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** Alert types of the spec: 0 hidden, 1 info (blue), 2 warning (amber), anything else error (red). */
export type AlertType = number;
export interface AlertState {
  type: AlertType;
  message: string;
}

interface AlertApi {
  alert: AlertState;
  showAlert(type: AlertType, message: string): void;
  closeAlert(): void;
  /** Closes the alert only if it is still the one `match` recognises (what the caller raised, or an info that is done). */
  dismissIf(match: (shown: AlertState) => boolean): void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children, initial }: { children: ReactNode; initial?: AlertState }) {
  const [alert, setAlert] = useState<AlertState>(initial ?? { type: 0, message: '' });
  const showAlert = useCallback((type: AlertType, message: string) => setAlert({ type, message }), []);
  const closeAlert = useCallback(() => setAlert({ type: 0, message: '' }), []);
  const dismissIf = useCallback(
    (match: (shown: AlertState) => boolean) => setAlert((shown) => (shown.type !== 0 && match(shown) ? { type: 0, message: '' } : shown)),
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

export function alertKind(type: AlertType): 'hidden' | 'info' | 'warning' | 'error' {
  if (type === 0) return 'hidden';
  if (type === 1) return 'info';
  if (type === 2) return 'warning';
  return 'error';
}

