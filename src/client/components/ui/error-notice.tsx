import { Button } from './button';

export interface ErrorNoticeProps {
  message: string;
  retryLabel?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorNotice({ message, retryLabel, onRetry, retrying = false }: ErrorNoticeProps) {
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
