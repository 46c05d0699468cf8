import '../../styles/feeds.css';

/**
 * A link to an Atom feed: the usual feed icon (for those who look for it) beside words saying
 * what the feed holds, which are the link's accessible name. A plain link: the server answers it,
 * not the app's router.
 */
export function FeedLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <a href={href} type="application/atom+xml" className={className ? `feed-link ${className}` : 'feed-link'}>
      <svg className="feed-link__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <rect width="16" height="16" rx="3" fill="currentColor" />
        <circle cx="4.5" cy="11.5" r="1.5" fill="#fff" />
        <path d="M3 7.5a5.5 5.5 0 0 1 5.5 5.5M3 3.5a9.5 9.5 0 0 1 9.5 9.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {label}
    </a>
  );
}
