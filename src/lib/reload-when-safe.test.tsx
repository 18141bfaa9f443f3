/** A new version of the app reloads the page only when that loses nothing the user is doing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadWhenSafe } from './reload-when-safe';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('reload for a new version', () => {
  it('when nothing is open, then it reloads at once', () => {
    const reload = vi.fn();
    reloadWhenSafe(reload);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('when a wizard is open, then it waits until it is closed; a focused field waits too', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<dialog open><input id="alamat"></dialog><input id="search">';
    const reload = vi.fn();
    reloadWhenSafe(reload, 1000);
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();

    document.querySelector('dialog')!.removeAttribute('open');
    document.getElementById('search')!.focus();
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();

    document.getElementById('search')!.blur();
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(5000);
    expect(reload).toHaveBeenCalledOnce();
  });
});
