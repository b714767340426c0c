// A section named by its heading (an h2), as landmarks want it: the id that ties them is its own.
import { useId, type HTMLAttributes, type ReactNode } from 'react';

interface TitledSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title: ReactNode;
}

export function TitledSection({ title, children, ...section }: TitledSectionProps) {
  const id = useId();
  return (
    <section {...section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
