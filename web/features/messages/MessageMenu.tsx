import { useState } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Flag, Pencil, Trash2 } from 'lucide-react';
import type { ConversationMessage } from '@common/messages/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { iconButton } from '../../components/ui';
import { dangerMenuItem, menuItem, menuPanel } from '../../components/menu';
import { useDeleteMessage } from './api';
import { ReportDialog, useReported, warmReportDialog } from '../reports';

const QUESTIONS = {
  everyone: { title: 'Delete for everyone', description: 'Delete this message for everyone? They will see "Message deleted" instead.', confirm: 'Delete for everyone' },
  me: { title: 'Delete for me', description: 'Delete this message for you? The others in the conversation still see it.', confirm: 'Delete for me' },
} as const;

/** "Report", or "Reported" (greyed) once this reader has: asked only when the menu opens. */
function ReportItem({ messageId, onSelect }: { messageId: string; onSelect: () => void }) {
  const reported = useReported('message', messageId);
  return (
    <DropdownMenu.Item className={menuItem} disabled={reported} onSelect={onSelect} data-testid="report-message">
      <Flag aria-hidden className={`size-4 ${reported ? 'fill-current' : ''}`} />
      {reported ? 'Reported' : 'Report'}
    </DropdownMenu.Item>
  );
}

/** A message's "…" menu: Edit, Delete for everyone (both within 10 minutes, for my own) and Delete for me, the deletes after a question. */
export function MessageMenu({ message, onEdit }: { message: ConversationMessage; onEdit: () => void }) {
  const [asking, setAsking] = useState<'everyone' | 'me' | null>(null);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteMessage(message.conversationId);
  const { permissions } = message;
  if (message.deleted || !(permissions.edit || permissions.deleteForEveryone || permissions.deleteForMe)) return null;
  const question = asking ? QUESTIONS[asking] : null;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger aria-label="Message actions" className={`${iconButton} size-8`} data-testid="message-menu" onPointerEnter={message.mine ? undefined : warmReportDialog}>
          <Ellipsis aria-hidden className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align={message.mine ? 'end' : 'start'} sideOffset={4} collisionPadding={8} className={menuPanel}>
            {permissions.edit && (
              <DropdownMenu.Item className={menuItem} onSelect={onEdit}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </DropdownMenu.Item>
            )}
            {permissions.deleteForEveryone && (
              <DropdownMenu.Item className={dangerMenuItem} onSelect={() => setAsking('everyone')}>
                <Trash2 aria-hidden className="size-4" />
                Delete for everyone
              </DropdownMenu.Item>
            )}
            {permissions.deleteForMe && (
              <DropdownMenu.Item className={dangerMenuItem} onSelect={() => setAsking('me')}>
                <Trash2 aria-hidden className="size-4" />
                Delete for me
              </DropdownMenu.Item>
            )}
            {!message.mine && <ReportItem messageId={message.id} onSelect={() => setReporting(true)} />}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={question?.title ?? ''}
        description={question?.description ?? ''}
        confirmLabel={question?.confirm ?? ''}
        tone="danger"
        onConfirm={() => asking && remove.mutate({ messageId: message.id, scope: asking })}
      />
      {!message.mine && <ReportDialog open={reporting} onOpenChange={setReporting} targetType="message" targetId={message.id} />}
    </>
  );
}
