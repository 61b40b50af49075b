import { Search } from 'lucide-react';
import { inputField } from './ui';

interface SearchFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  testId?: string;
}

/** A labelled search box with the magnifier inside it: community's story search and Find writers. */
export function SearchField({ id, label, value, onChange, maxLength, placeholder, testId }: SearchFieldProps) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative mt-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className={`${inputField} pl-9`}
          data-testid={testId}
        />
      </div>
    </>
  );
}
