import { useId, useState } from 'react';
import { SERIES_DESCRIPTION_MAX, SERIES_TITLE_MAX } from '@common/series/series';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormField } from '../../components/FormField';

/** The series' title and description fields, as the create and edit dialogs share them. */
export function useSeriesFields(initial: { title: string; description: string } = { title: '', description: '' }) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const id = useId();
  const fields = (
    <>
      <FormField label="Series title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={SERIES_TITLE_MAX} required data-testid="series-title-input" />
      <CountedTextarea
        id={`${id}-description`}
        label="Description (optional)"
        value={description}
        onValue={setDescription}
        max={SERIES_DESCRIPTION_MAX}
        rows={3}
        data-testid="series-description-input"
      />
    </>
  );
  const valid = title.trim().length > 0 && title.trim().length <= SERIES_TITLE_MAX && description.length <= SERIES_DESCRIPTION_MAX;
  return { title, description, fields, valid, reset: () => {
      setTitle(initial.title);
      setDescription(initial.description);
    },
  };
}
