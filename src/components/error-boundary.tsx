/**
 * Keeps a part of a screen from taking the whole page down with it: when something inside throws (while drawing, or
 * in a third-party component's own updates, as react-easy-crop once did), that part is taken off the screen and
 * `onError` says so, while the rest, and what the customer did there, stays. Without it, the router's error screen
 * replaces the page. React catches render and commit errors only in a class component.
 */
import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Called once when something inside failed; the part is off the screen by then. */
  onError(error: unknown): void;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    // The error's own words only: what a screen held is the customer's.
    console.error('part of the screen failed:', error instanceof Error ? error.message : error);
    this.props.onError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
