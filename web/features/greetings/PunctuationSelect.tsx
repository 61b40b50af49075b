import type { SelectHTMLAttributes } from 'react';
import { GREETING_PUNCTUATION, type GreetingPunctuation } from '@common/greetings/rules';
import { inputField } from '../../components/ui';

interface PunctuationSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> {
  value: GreetingPunctuation;
  onChange: (value: GreetingPunctuation) => void;
}

/** The punctuation that ends a greeting: ! ? . */
export function PunctuationSelect({ value, onChange, ...props }: PunctuationSelectProps) {
  return (
    <select
      value={value}
      onChange={(event) => onChange(GREETING_PUNCTUATION.find((p) => p === event.target.value) ?? value)}
      // `!`: inputField's w-full would otherwise stretch it across a table cell.
      className={`${inputField} w-14! px-2 font-mono sm:w-16!`}
      {...props}
    >
      {GREETING_PUNCTUATION.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </select>
  );
}
