/** A new version of the app reloads the page only when that loses nothing the user is doing. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadWhenSafe, watchEdits } from './reload-when-safe';

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

describe('reload for a new version, with a form typed into', () => {
  const type = (el: HTMLInputElement, value: string) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  };

  it('when a form holds typed values and no field has focus, then it waits until the form is sent or gone', () => {
    vi.useFakeTimers();
    watchEdits(document);
    document.body.innerHTML = '<form id="daftar"><input id="email"></form><form id="other"><input type="file" id="photo"></form>';
    type(document.querySelector<HTMLInputElement>('#email')!, 'sari@contoh.id');
    const reload = vi.fn();
    reloadWhenSafe(reload, 1000);
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();

    document.getElementById('daftar')!.dispatchEvent(new Event('submit', { bubbles: true }));
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('when the typed form leaves the page, or only a file was picked, then it reloads', () => {
    vi.useFakeTimers();
    watchEdits(document);
    document.body.innerHTML = '<form id="daftar"><input id="email"></form><form><input type="file" id="photo"></form>';
    type(document.querySelector<HTMLInputElement>('#email')!, 'sari@contoh.id');
    document.querySelector('#photo')!.dispatchEvent(new Event('input', { bubbles: true }));
    const reload = vi.fn();
    reloadWhenSafe(reload);
    expect(reload).not.toHaveBeenCalled();

    document.getElementById('daftar')!.remove();
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledOnce();
  });
});
