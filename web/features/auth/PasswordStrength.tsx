import { useDeferredValue, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { personalWords, type PasswordOwner, type PasswordPolicy } from '@common/account/passwords';
import { strengthLevel, type StrengthTone } from './strength';

const BAR: Record<StrengthTone, string> = {
  none: 'bg-line',
  weak: 'bg-red-600 dark:bg-red-500',
  fair: 'bg-amber-500 dark:bg-amber-400',
  good: 'bg-emerald-600 dark:bg-emerald-500',
};

/** The estimator's chunk, fetched once when someone first types a new password. */
const estimatorQuery = {
  queryKey: ['password-estimator'],
  queryFn: () => import('./password-estimator'),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
} as const;

interface PasswordStrengthProps {
  password: string;
  policy: PasswordPolicy;
  owner?: PasswordOwner;
}

/** The strength meter under a new password (sign-up, reset, Settings): four bars and a word, read out politely. */
export function PasswordStrength({ password, policy, owner = {} }: PasswordStrengthProps) {
  const typed = useDeferredValue(password);
  const estimator = useQuery({ ...estimatorQuery, enabled: password.length > 0 });
  const { email, name } = owner;
  const score = useMemo(() => {
    if (!estimator.data || typed.length < policy.min || typed.length > policy.max) return null;
    return estimator.data.strengthScore(typed, personalWords({ email, name }));
  }, [estimator.data, typed, policy.min, policy.max, email, name]);
  const found = strengthLevel(typed, policy, { email, name }, score);
  // Without the estimator (its chunk would not load) the meter keeps to the rules it knows.
  const level = estimator.isError && found?.label === 'Checking…' ? null : found;

  return (
    <div data-testid="password-strength" className="-mt-2 flex flex-col gap-1" hidden={level === null}>
      <div className="grid grid-cols-4 gap-1" aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={`h-1.5 rounded-full ${level && bar <= level.filled ? BAR[level.tone] : BAR.none}`} />
        ))}
      </div>
      <p className="text-xs text-muted" aria-live="polite">
        {level && (
          <>
            Strength: <span className="font-medium text-fg">{level.label}</span>
            {level.refusal && <span className="block text-red-700 dark:text-red-300">{level.refusal}</span>}
          </>
        )}
      </p>
    </div>
  );
}
