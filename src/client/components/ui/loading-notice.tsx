/** A polite live region, so screen readers hear that something is on its way. */
export function LoadingNotice({ message }: { message: string }) {
  return (
    <p className="notice notice--loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {message}
    </p>
  );
}
