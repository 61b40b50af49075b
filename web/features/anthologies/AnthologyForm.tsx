import { useId, useState } from 'react';
import { Check } from 'lucide-react';
import {
  ANTHOLOGY_COVER_LABELS,
  ANTHOLOGY_COVERS,
  ANTHOLOGY_DESCRIPTION_MAX,
  ANTHOLOGY_ORDER_LABELS,
  ANTHOLOGY_ORDERS,
  ANTHOLOGY_RULES_MAX,
  ANTHOLOGY_SUBMISSION_LABELS,
  ANTHOLOGY_SUBMISSIONS,
  ANTHOLOGY_TITLE_MAX,
  type AnthologyCover,
  type AnthologyCreateInput,
  type AnthologyOrder,
  type AnthologySubmissions,
} from '@common/anthologies/anthologies';
import { CountedTextarea } from '../../components/CountedTextarea';
import { FormField } from '../../components/FormField';
import { RadioChoices } from '../../components/RadioChoices';
import { COVER_BG, COVER_RING } from './covers';

export type AnthologyFields = Required<AnthologyCreateInput>;

const BLANK: AnthologyFields = { title: '', description: '', rules: '', cover: 'ink', submissions: 'moderated', order: 'newest' };

const SUBMISSION_OPTIONS = ANTHOLOGY_SUBMISSIONS.map((value) => ({ value, label: ANTHOLOGY_SUBMISSION_LABELS[value].name, hint: ANTHOLOGY_SUBMISSION_LABELS[value].hint }));
const ORDER_OPTIONS = ANTHOLOGY_ORDERS.map((value) => ({ value, label: ANTHOLOGY_ORDER_LABELS[value] }));

/** The cover colours as round swatches: radio buttons, each named by its colour. */
function CoverSwatches({ value, onChange }: { value: AnthologyCover; onChange: (cover: AnthologyCover) => void }) {
  const name = useId();
  return (
    <fieldset data-testid="anthology-cover-choices">
      <legend className="text-sm font-semibold">Cover colour</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {ANTHOLOGY_COVERS.map((cover) => {
          const chosen = cover === value;
          return (
            <label key={cover} className="flex cursor-pointer flex-col items-center gap-1 text-xs text-muted has-[:checked]:font-semibold has-[:checked]:text-fg">
              {/* The radio itself lies over the swatch, unseen: a click or a tap on the colour is one on it. */}
              <span className="relative flex">
                <input
                  type="radio"
                  name={name}
                  value={cover}
                  checked={chosen}
                  onChange={() => onChange(cover)}
                  className="peer absolute inset-0 m-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                  data-testid={`anthology-cover-${cover}`}
                />
                <span
                  aria-hidden
                  className={`pointer-events-none flex size-9 items-center justify-center rounded-full ring-offset-2 ring-offset-surface peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-accent-500 ${COVER_BG[cover]} ${chosen ? `ring-2 ${COVER_RING[cover]}` : ''}`}
                >
                  {chosen && <Check className="size-5 text-white dark:text-slate-950" />}
                </span>
              </span>
              {ANTHOLOGY_COVER_LABELS[cover]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The anthology's fields, as the new-anthology and edit dialogs share them. */
export function useAnthologyFields(initial: AnthologyFields = BLANK) {
  const [values, setValues] = useState<AnthologyFields>(initial);
  const id = useId();
  const set = <K extends keyof AnthologyFields>(key: K) => (value: AnthologyFields[K]) => setValues((v) => ({ ...v, [key]: value }));
  const fields = (
    <>
      <FormField
        label="Title"
        value={values.title}
        onChange={(e) => set('title')(e.target.value)}
        maxLength={ANTHOLOGY_TITLE_MAX}
        required
        data-testid="anthology-title-input"
      />
      <CountedTextarea
        id={`${id}-description`}
        label="Description (optional)"
        value={values.description}
        onValue={set('description')}
        max={ANTHOLOGY_DESCRIPTION_MAX}
        rows={3}
        data-testid="anthology-description-input"
      />
      <CountedTextarea id={`${id}-rules`} label="Rules (optional)" value={values.rules} onValue={set('rules')} max={ANTHOLOGY_RULES_MAX} rows={3} data-testid="anthology-rules-input" />
      <CoverSwatches value={values.cover} onChange={set('cover')} />
      <RadioChoices<AnthologySubmissions>
        legend="Submissions"
        options={SUBMISSION_OPTIONS}
        value={values.submissions}
        onChange={set('submissions')}
        testId="anthology-submissions-choices"
        optionTestId={(value) => `anthology-submissions-${value}`}
      />
      <RadioChoices<AnthologyOrder>
        legend="Order of the stories"
        options={ORDER_OPTIONS}
        value={values.order}
        onChange={set('order')}
        testId="anthology-order-choices"
        optionTestId={(value) => `anthology-order-${value}`}
      />
    </>
  );
  const title = values.title.trim();
  const valid = title.length > 0 && title.length <= ANTHOLOGY_TITLE_MAX && values.description.length <= ANTHOLOGY_DESCRIPTION_MAX && values.rules.length <= ANTHOLOGY_RULES_MAX;
  return { values, fields, valid, reset: () => setValues(initial) };
}
