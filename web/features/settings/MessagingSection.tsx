import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type MessagingSettings } from '@common/messages/messages';
import { WHO_CAN_MESSAGE, WHO_CAN_MESSAGE_LABELS } from '@common/messages/rules';
import { LoadError } from '../../components/LoadError';
import { Switch } from '../../components/Switch';
import { errorMessage } from '../../lib/errors';
import { messagingSettingsQuery, useSaveMessagingSettings } from '../messages';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

const WHO_HINTS: Record<MessagingSettings['whoCanMessage'], string> = {
  friends: 'Writers you follow who follow you back.',
  following: 'Anyone you follow. Those who are not your friends arrive as requests.',
  everyone: 'Any writer. Those who are not your friends arrive as requests.',
  nobody: 'Nobody can start a conversation with you. Existing conversations stay.',
};

/** /settings, Messages: who can message me, read receipts and the typing indicator; each change saves at once with a toast. */
export function MessagingSection() {
  const settings = useQuery(messagingSettingsQuery);
  const save = useSaveMessagingSettings();
  const name = useId();
  // While a change is saving, show it as made, from the click on: the save's own pending state
  // arrives a task later, and React meanwhile puts a controlled radio back as it was.
  const [made, setMade] = useState<Partial<MessagingSettings>>({});
  const change = (changes: Partial<MessagingSettings>) => {
    setMade(changes);
    save.mutate(changes, { onSettled: () => setMade({}) });
  };
  const shown = settings.data ? { ...settings.data, ...made } : undefined;

  return (
    <SettingsSection {...SETTINGS_SECTIONS.messages} testId="settings-messages">
      {settings.isError ? (
        <LoadError message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : shown ? (
        <div className="space-y-6">
          <fieldset disabled={save.isPending}>
            <legend className="font-medium text-fg">Who can message me</legend>
            <div className="mt-2 space-y-2" data-testid="who-can-message">
              {WHO_CAN_MESSAGE.map((value) => (
                <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md px-1 py-1">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={shown.whoCanMessage === value}
                    onChange={() => change({ whoCanMessage: value })}
                    className="mt-1 size-4 shrink-0 accent-accent-700"
                  />
                  <span className="min-w-0">
                    <span className="block text-sm font-medium text-fg">{WHO_CAN_MESSAGE_LABELS[value]}</span>
                    <span className="block text-sm text-muted">{WHO_HINTS[value]}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Switch
            label="Show read receipts"
            hint='Others see "Seen" under their messages once you have read them. Off: you do not see theirs either.'
            on={shown.readReceipts}
            disabled={save.isPending}
            onChange={(readReceipts) => change({ readReceipts })}
            testId="read-receipts"
          />
          <Switch
            label="Show when I'm typing"
            hint="Others see that you are typing a reply. Off: you do not see theirs either."
            on={shown.typingIndicator}
            disabled={save.isPending}
            onChange={(typingIndicator) => change({ typingIndicator })}
            testId="typing-indicator-setting"
          />
        </div>
      ) : undefined}
    </SettingsSection>
  );
}
