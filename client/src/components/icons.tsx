// The like and feedback icons, drawn rather than emoji: a system without a colour emoji font
// searches every installed font for an emoji's glyph the first time one is laid out, which slows
// the agenda's first layout. They also look the same on every device.
// Decorative: the buttons carry their own labels.

/** A heart, filled once the concert is liked. */
export function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg className="icon icon--heart" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5 4.2 12.9A4.9 4.9 0 0 1 11.1 6l.9.9.9-.9a4.9 4.9 0 0 1 6.9 6.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A thumb up, or down (the same hand turned over). */
export function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 10h4v11H2zM8 10l4-8c1.7 0 3 1.3 3 3v4h5.2a2 2 0 0 1 2 2.3l-1.4 8a2 2 0 0 1-2 1.7H8z"
        fill="currentColor"
        transform={down ? 'rotate(180 12 12)' : undefined}
      />
    </svg>
  );
}

/** A play triangle. */
export function PlayIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
    </svg>
  );
}

/** The mark on the buttons that clear a field (their label says it in words). */
export const CROSS = '×';
