import { useEffect, useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';

/**
 * "Show more" for a paged list. After the next page arrives, focus moves to the first new
 * entry's `focusSelector` element, so keyboard and screen reader users carry on from there.
 */
export function LoadMore({
  listRef,
  count,
  focusSelector,
  hasMore,
  loading,
  onLoad,
  label,
  loadingLabel,
}: {
  listRef: RefObject<HTMLElement | null>;
  count: number;
  focusSelector: string;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label: string;
  loadingLabel: string;
}) {
  const [focusFrom, setFocusFrom] = useState<number | null>(null);

  useEffect(() => {
    // Wait for the new entries themselves: the click renders once before the fetch even starts.
    if (focusFrom === null || count <= focusFrom) return;
    listRef.current?.querySelectorAll<HTMLElement>(focusSelector)[focusFrom]?.focus();
    setFocusFrom(null);
  }, [count, focusFrom, focusSelector, listRef]);

  if (!hasMore) return null;
  return (
    <p className="console-load-more">
      <Button
        variant="secondary"
        disabled={loading}
        onClick={() => {
          setFocusFrom(count);
          onLoad();
        }}
      >
        {loading ? loadingLabel : label}
      </Button>
    </p>
  );
}
