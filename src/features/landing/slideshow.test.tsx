import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Slideshow } from './slideshow';

afterEach(cleanup);
beforeEach(() => {
  vi.useFakeTimers();
  return () => vi.useRealTimers();
});

const current = () => screen.getByRole('group').getAttribute('aria-label');

describe('landing slideshow', () => {
  it('when 5 seconds pass, then the next of six captioned slides shows, wrapping after the sixth', () => {
    render(<Slideshow />);
    expect(current()).toBe('Slide 1 dari 6');
    expect(screen.getByRole('img')).toHaveAccessibleName('Momen liburan di pantai');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(current()).toBe('Slide 1 dari 6');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(current()).toBe('Slide 2 dari 6');
    act(() => {
      vi.advanceTimersByTime(5000 * 5);
    });
    expect(current()).toBe('Slide 1 dari 6');
  });

  it('when paused, then it stops rotating; the next button still moves on', () => {
    render(<Slideshow />);
    fireEvent.click(screen.getByRole('button', { name: 'Jeda slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Putar slideshow' }));
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    expect(current()).toBe('Slide 1 dari 6');
    fireEvent.click(screen.getByRole('button', { name: 'Slide berikutnya' }));
    expect(current()).toBe('Slide 2 dari 6');
  });

  it('when the user prefers reduced motion, then it starts paused', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }));
    render(<Slideshow />);
    expect(screen.getByRole('button', { name: 'Putar slideshow' })).toHaveAttribute('aria-pressed', 'true');
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    expect(current()).toBe('Slide 1 dari 6');
    vi.unstubAllGlobals();
  });
});
