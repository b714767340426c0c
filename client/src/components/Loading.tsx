import { useText } from '@/i18n/IntlContext';

/** A waiting message, announced politely; `className` only where a page needs another layout. */
export function Loading({
  children,
  className = 'loading',
}: {
  children?: string;
  className?: string;
}) {
  const t = useText();
  return (
    <p className={className} role="status">
      {children ?? t('layout.loading')}
    </p>
  );
}
