import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { SERIES_TEXTS } from '@common/series/series';
import { secondaryButton } from '../../components/ui';
import { FormDialog } from '../../components/FormDialog';
import { RadioChoices } from '../../components/RadioChoices';
import { formErrorMessage } from '../../lib/errors';
import { useApiMutation } from '../../lib/mutation';
import { addToSeries, createSeries, ownSeriesQuery, seriesChanged, storyPartQuery } from './api';
import { useSeriesFields } from './SeriesForm';

const NEW = 'new';

function AddDialog({ storyId, onClose }: { storyId: string; onClose: () => void }) {
  const own = useQuery(ownSeriesQuery());
  const choices = own.data ?? [];
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = choice ?? (own.isSuccess ? (choices[0]?.id ?? NEW) : null);
  const form = useSeriesFields();
  const [error, setError] = useState<string | null>(null);
  const mutation = useApiMutation({
    request: async () => {
      const id = chosen === NEW ? (await createSeries(form.title, form.description)).id : chosen!;
      return addToSeries(id, storyId);
    },
    success: (page) => `Added to ${page.series.title}`,
    failure: false,
    onSuccess: (page, _v, queryClient) => seriesChanged(queryClient, page).then(onClose),
    onError: (e) => setError(formErrorMessage(e)),
  });
  const options = [...choices.map((s) => ({ value: s.id, label: s.title, hint: `${s.storyIds.length} ${s.storyIds.length === 1 ? 'story' : 'stories'}` })), { value: NEW, label: SERIES_TEXTS.newSeries }];
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={SERIES_TEXTS.addToSeries}
      description="The story becomes the series’ last part; you can change the order on the series page."
      error={error ?? (own.isError ? own.error.message : null)}
      errorId="add-to-series-error"
      pending={mutation.isPending}
      submitLabel={SERIES_TEXTS.addToSeries}
      pendingLabel="Adding…"
      submitDisabled={chosen === null || (chosen === NEW && !form.valid)}
      onSubmit={() => chosen !== null && (chosen !== NEW || form.valid) && mutation.mutate(undefined)}
      testId="add-to-series-dialog"
      submitTestId="add-to-series-submit"
    >
      {own.isSuccess && (
        <RadioChoices legend="Series" options={options} value={chosen} onChange={setChoice} testId="add-to-series-choices" optionTestId={(value) => `add-to-series-${value === NEW ? 'new' : 'existing'}`} />
      )}
      {chosen === NEW && form.fields}
    </FormDialog>
  );
}

/** The writer's "Add to series" on their story's page, while the story is in none. */
export function AddToSeries({ storyId }: { storyId: string }) {
  const [open, setOpen] = useState(false);
  const part = useQuery(storyPartQuery(storyId));
  if (!part.isSuccess || part.data !== null) return null;
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)} data-testid="add-to-series">
        <Layers aria-hidden className="size-4" />
        {SERIES_TEXTS.addToSeries}
      </button>
      {open && <AddDialog storyId={storyId} onClose={() => setOpen(false)} />}
    </>
  );
}
