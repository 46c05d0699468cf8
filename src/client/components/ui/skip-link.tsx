/** First focusable element on every page: keyboard users jump past the header in one step. */
export function SkipLink({ targetId, label }: { targetId: string; label: string }) {
  return (
    <a className="skip-link" href={`#${targetId}`}>
      {label}
    </a>
  );
}
