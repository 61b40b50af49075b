import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { BookDown } from 'lucide-react';
import { myWritingBookPath } from '@common/books/books';
import { secondaryButton } from '../../components/ui';
import { menuItem, menuPanel } from '../../components/menu';
import { plural } from '../../lib/format';
import { myWritingYearsQuery } from './api';

const note = 'px-3 py-2 text-sm text-muted';

/**
 * "Download a book" on My Stories: a menu of the years the writer wrote in, each an EPUB of that
 * year's stories (private ones too: the book is theirs). The years are asked for when it opens.
 */
export function BookDownload() {
  const [open, setOpen] = useState(false);
  const years = useQuery({ ...myWritingYearsQuery, enabled: open });
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger className={secondaryButton} data-testid="book-download">
        <BookDown aria-hidden className="size-4" />
        Download a book
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} collisionPadding={8} className={`${menuPanel} w-64`} aria-label="Download a book" data-testid="book-menu">
          <DropdownMenu.Label className={note}>A year of your stories as an EPUB book, private ones included.</DropdownMenu.Label>
          {years.isPending ? (
            <p className={note} role="status">
              Loading your years…
            </p>
          ) : years.isError ? (
            <p className={note} role="alert">
              Your years could not be loaded. Please try again.
            </p>
          ) : years.data.years.length === 0 ? (
            <p className={note}>Write a story first: your books are made of them.</p>
          ) : (
            years.data.years.map(({ year, stories }) => (
              <DropdownMenu.Item key={year} asChild className={menuItem}>
                <a href={myWritingBookPath(year)} download data-testid={`book-${year}`}>
                  <span className="font-semibold">{year}</span>
                  <span className="text-muted">{plural(stories, 'story', 'stories')}</span>
                </a>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
