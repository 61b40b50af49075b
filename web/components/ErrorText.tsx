import type { HTMLAttributes } from 'react';

interface ErrorTextProps extends Omit<HTMLAttributes<HTMLParagraphElement>, 'role' | 'className'> {
  /** Layout only (margins, padding, alignment): the colour, size and weight are this component's. */
  className?: string;
  /** Extra-small text, for the compact lists inside menus and rows. */
  small?: boolean;
  'data-testid'?: string;
}

/**
 * What went wrong, in red, announced at once (`role="alert"`): a refused form, a page of a list
 * that did not load. Give it an `id` when a field names it in `aria-describedby`.
 */
export function ErrorText({ className = '', small = false, ...props }: ErrorTextProps) {
  return <p role="alert" className={`${small ? 'text-xs' : 'text-sm'} font-medium text-red-700 dark:text-red-300 ${className}`} {...props} />;
}
