import { useState } from 'react';
import { type ReadingPreferences } from '@common/stories/content-warnings';
import { CONTENT_WARNING_TEXTS } from '@common/stories/content-warning-rules';
import { Switch } from '../../components/Switch';
import { WarningCheckboxes } from '../stories';
import { useSaveReadingPreferences } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/** /settings, Content warnings: the warnings whose stories the reader never sees in lists, and "always show the text"; each change saves at once. */
export function ContentWarningsSection({ prefs }: { prefs: ReadingPreferences }) {
  const save = useSaveReadingPreferences();
  // Shown as made from the click on, until the save answers (the record then carries it).
  const [made, setMade] = useState<ReadingPreferences | null>(null);
  const shown = made ?? prefs;
  const change = (changes: Partial<ReadingPreferences>) => {
    const next = { ...shown, ...changes };
    setMade(next);
    save.mutate(next, { onSettled: () => setMade(null) });
  };
  return (
    <SettingsSection {...SETTINGS_SECTIONS.contentWarnings} testId="settings-content-warnings">
      <div className="space-y-6">
        <WarningCheckboxes
          legend={CONTENT_WARNING_TEXTS.settingsHide}
          hint={CONTENT_WARNING_TEXTS.settingsHideHelp}
          value={shown.hiddenWarnings}
          onChange={(hiddenWarnings) => change({ hiddenWarnings })}
          disabled={save.isPending}
          testId="hidden-warnings"
        />
        <Switch
          label={CONTENT_WARNING_TEXTS.alwaysShow}
          hint={CONTENT_WARNING_TEXTS.alwaysShowHelp}
          on={shown.alwaysShowText}
          disabled={save.isPending}
          onChange={(alwaysShowText) => change({ alwaysShowText })}
          testId="always-show-text"
        />
      </div>
    </SettingsSection>
  );
}
