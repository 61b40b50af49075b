import type { ReactNode } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { popoverSurface } from './ui';

/**
 * The panel a bell opens (the writer's and the admins'): the popovers' look without their padding,
 * so the list runs edge to edge, under a title with an action beside it. `sizeClassName` sets its
 * greatest height and width.
 */
export function BellPanel({
  titleId,
  title,
  action,
  testId,
  sizeClassName,
  children,
}: {
  titleId: string;
  title: string;
  action: ReactNode;
  testId: string;
  sizeClassName: string;
  children: ReactNode;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        aria-labelledby={titleId}
        data-testid={testId}
        className={`${popoverSurface} flex ${sizeClassName} flex-col overflow-hidden`}
      >
        <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
          <h2 id={titleId} className="text-sm font-semibold">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
