/** A waiting message, announced politely; `className` only where a page needs another layout. */
export function Loading({
  children = 'Cargando...',
  className = 'loading',
}: {
  children?: string;
  className?: string;
}) {
  return (
    <p className={className} role="status">
      {children}
    </p>
  );
}
