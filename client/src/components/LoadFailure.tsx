import { useText } from '@/i18n/IntlContext';
import { FormStatus } from './FormStatus';

/** A read that failed: what could not be loaded (an alert) and a button to try again. */
export function LoadFailure({
  className,
  children,
  onRetry,
}: {
  className: string;
  children: string;
  onRetry: () => void;
}) {
  const t = useText();
  return (
    <div className={className}>
      <FormStatus kind="error">{children}</FormStatus>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('layout.retry')}
      </button>
    </div>
  );
}
