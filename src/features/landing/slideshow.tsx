import { useEffect, useLayoutEffect, useState } from 'react';
import { UI } from '../../domain/ui-text';

export const SLIDE_INTERVAL_MS = 5000;
const SLIDES = UI.landing.slides.map((caption, i) => ({ src: `/assets/slides/${i + 1}.svg`, caption }));

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Six captioned images, one every 5 seconds. Starts paused for reduced motion; pauses while hovered
 * or focused; the pause button and previous/next work with the keyboard.
 */
export function Slideshow() {
  const [index, setIndex] = useState(0);
  // Starts as the server drew it (playing); the preference is read before the browser paints the first frame.
  const [paused, setPaused] = useState(false);
  useLayoutEffect(() => {
    if (prefersReducedMotion()) setPaused(true);
  }, []);
  const [hovered, setHovered] = useState(false);
  const rotating = !paused && !hovered;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating]);

  const go = (step: number) => setIndex((i) => (i + step + SLIDES.length) % SLIDES.length);
  const slide = SLIDES[index]!;

  return (
    <section
      className="slideshow"
      aria-roledescription="carousel"
      aria-label={UI.landing.slidesLabel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="slide-controls">
        <button type="button" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
          {paused ? UI.landing.play : UI.landing.pause}
        </button>
        <button type="button" onClick={() => go(-1)} aria-label={UI.landing.prev}>
          ‹
        </button>
        <button type="button" onClick={() => go(1)} aria-label={UI.landing.next}>
          ›
        </button>
      </div>
      <div aria-live={rotating ? 'off' : 'polite'} aria-atomic="true">
        {/* The slide is the group (a figure with a caption may take no other role: axe's aria-allowed-role). */}
        <div className="slide" role="group" aria-roledescription="slide" aria-label={UI.landing.slideOf(index + 1, SLIDES.length)} key={slide.src}>
          <figure>
            <img src={slide.src} alt={slide.caption} width={800} height={500} fetchPriority={index === 0 ? 'high' : undefined} />
            <figcaption>{slide.caption}</figcaption>
          </figure>
        </div>
      </div>
      <ol className="slide-dots" aria-hidden="true">
        {SLIDES.map((s, i) => (
          <li key={s.src} className={i === index ? 'active' : ''} />
        ))}
      </ol>
    </section>
  );
}
