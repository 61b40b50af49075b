import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Filter, X } from 'lucide-react';
import { ADMIN_TEXTS, AUDIT_USER_MAX, auditFilterSchema, EMPTY_AUDIT_FILTER, type AuditFilterValues, type AuditSourceFilter } from '@common/admin/admin';
import { inputField, primaryButton, secondaryButton } from '../../components/ui';
import { auditTypesQuery } from './api';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { ErrorText } from '../../components/ErrorText';

const SOURCES: ReadonlyArray<{ value: AuditSourceFilter; label: string }> = [
  { value: 'all', label: 'All entries' },
  { value: 'admin', label: 'Admin actions' },
  { value: 'system', label: 'System events' },
];

const label = 'text-sm font-medium text-fg';

interface AuditFiltersProps {
  applied: AuditFilterValues;
  onApply: (filter: AuditFilterValues) => void;
}

/**
 * The audit log's filters, applied on submit. Checked with the server's own schema first,
 * so a bad range is explained here rather than by a failed request.
 */
export function AuditFilters({ applied, onApply }: AuditFiltersProps) {
  const form = useSchemaForm(auditFilterSchema, {
    initial: applied,
    fallback: 'Please check the filters.',
    markFields: false,
    onSubmit: (_checked, draft) => onApply({ ...draft, user: draft.user.trim() }),
  });
  const error = form.error;
  const id = useId();
  const { data: known = [] } = useQuery(auditTypesQuery);
  // The applied type stays choosable even when the log holds none of it (yet, or any more).
  const types = applied.type && !known.includes(applied.type) ? [...known, applied.type].sort() : known;

  const clear = () => {
    form.setValues(EMPTY_AUDIT_FILTER);
    onApply(EMPTY_AUDIT_FILTER);
  };

  return (
    <form onSubmit={form.submit} noValidate aria-label="Audit log filters" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-source`} className={label}>
            Source
          </label>
          <select id={`${id}-source`} {...form.field('source')} className={inputField}>
            {SOURCES.map((source) => (
              <option key={source.value} value={source.value}>
                {source.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex flex-col gap-1.5 sm:col-span-1">
          <label htmlFor={`${id}-type`} className={label}>
            Type
          </label>
          {/* A list of the types the log holds (system types and admin actions), not a box to guess them in. */}
          <select id={`${id}-type`} {...form.field('type')} className={inputField} data-testid="audit-type">
            <option value="">{ADMIN_TEXTS.anyType}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex flex-col gap-1.5 lg:col-span-1">
          <label htmlFor={`${id}-user`} className={label}>
            User
          </label>
          <input id={`${id}-user`} {...form.field('user')} placeholder="User id or email" maxLength={AUDIT_USER_MAX} autoComplete="off" className={inputField} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-from`} className={label}>
            From
          </label>
          <input id={`${id}-from`} type="date" {...form.field('from')} className={inputField} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-to`} className={label}>
            To
          </label>
          <input id={`${id}-to`} type="date" {...form.field('to')} className={inputField} />
        </div>
      </div>
      {error && (
        <ErrorText>
          {error}
        </ErrorText>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton}>
          <Filter aria-hidden className="size-4" />
          Apply filters
        </button>
        <button type="button" onClick={clear} className={secondaryButton}>
          <X aria-hidden className="size-4" />
          Clear
        </button>
      </div>
    </form>
  );
}
