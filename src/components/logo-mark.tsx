/**
 * The shop's mark, drawn inline: it sits at the top of every page, and as a separate image it was one more
 * request a slow phone started before the first paint (docs/first-paint.md). index.html carries the same drawing
 * as the tab's icon; public/icons/app-icon.svg is the installed app's icon.
 * Decorative: the name beside it says what it is.
 */
export function LogoMark({ size }: { size: number }) {
  return (
    <svg className="logo-mark" viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#b5452a" />
      <rect x="13" y="9" width="38" height="46" rx="2" fill="#fffcf5" />
      <rect x="17" y="13" width="30" height="29" fill="#2b2118" />
      <circle cx="32" cy="27.5" r="7" fill="none" stroke="#f4b760" strokeWidth="2.5" />
      <circle cx="32" cy="27.5" r="3" fill="#f4b760" />
    </svg>
  );
}
