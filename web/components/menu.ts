import { popoverPanel } from './ui';

/**
 * A dropdown menu's panel and items (the social menus, a message's actions, the book download).
 * Apart from ui.ts, which the first page load carries: only screens loaded later have menus.
 */
export const menuPanel = `${popoverPanel} min-w-44 p-1`;
export const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-subtle data-[highlighted]:text-fg';
export const dangerMenuItem = `${menuItem} text-red-700 data-[highlighted]:text-red-800 dark:text-red-300 dark:data-[highlighted]:text-red-200`;
