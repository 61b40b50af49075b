import { lazy, Suspense, useState } from 'react';
import { z } from 'zod';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { RECOVERY_CODE_COUNT, twoFactorCodeSchema, verifyTotpSchema } from '@common/account/two-factor';
import { twoFactorContracts } from '@common/account/two-factor-contract';
import { primaryButton, secondaryButton, textLink } from '../../components/ui';
import { FormError, FormField, PasswordField } from '../../components/FormField';
import { useToast } from '../../components/toasts/toast-context';
import { callRoute } from '../../lib/call-route';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/forms/use-schema-form';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { swapsSession } from '../../lib/session-swap';
import { twoFactorStatusQuery } from '../../lib/two-factor';
import { accountKeys } from './api';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection, SubmitOrCancel, smallButton } from './SettingsSection';

const TwoFactorQr = lazy(() => import('./TwoFactorQr'));

/** The password that proves it is the owner: only that one was typed; the server checks it. */
const passwordProofSchema = z.object({ password: z.string().min(1, ACCOUNT_TEXTS.passwordRequired) });

type Step =
  | { name: 'idle' }
  | { name: 'password'; purpose: 'enable' | 'disable' | 'codes' }
  | { name: 'scan'; totpURI: string; recoveryCodes: string[] }
  | { name: 'codes'; recoveryCodes: string[] };

const PASSWORD_STEP = {
  enable: { intro: 'Enter your password to start.', button: 'Continue' },
  disable: { intro: 'Enter your password to turn off two-factor sign-in.', button: 'Turn off' },
  codes: { intro: 'Enter your password to get new recovery codes. The old ones stop working.', button: 'Get new codes' },
} as const;
/** Turning it off and new recovery codes take a code from the app or a recovery code instead of the password. */
const CODE_STEP = {
  disable: 'Enter a code from your authenticator app, or one of your recovery codes, to turn off two-factor sign-in.',
  codes: 'Enter a code from your authenticator app, or one of your recovery codes, to get new recovery codes. The old ones stop working.',
} as const;

/** What the person confirmed with: the password, or a code (only once two-factor is on). */
type Proof = { password: string } | { code: string };

function PasswordStep({ purpose, onDone, onCancel }: { purpose: 'enable' | 'disable' | 'codes'; onDone: (step: Step) => void; onCancel: () => void }) {
  const [withCode, setWithCode] = useState(false);
  const act = useApiMutation({
    request: async (proof: Proof): Promise<Step> => {
      if (purpose === 'enable') {
        // Turning it on is proved with the password only: no code exists yet.
        if (!('password' in proof)) throw new Error('Two-factor sign-in is turned on with the password.');
        const answer = await callRoute(twoFactorContracts.enable, { body: proof });
        return { name: 'scan', totpURI: answer.totpURI, recoveryCodes: answer.backupCodes };
      }
      if (purpose === 'codes') {
        const answer = 'code' in proof ? await callRoute(twoFactorContracts.newCodesWithCode, { body: proof }) : await callRoute(twoFactorContracts.newCodes, { body: proof });
        return { name: 'codes', recoveryCodes: answer.backupCodes };
      }
      await swapsSession('code' in proof ? callRoute(twoFactorContracts.disableWithCode, { body: proof }) : callRoute(twoFactorContracts.disable, { body: proof }));
      return { name: 'idle' };
    },
    success: purpose === 'disable' ? 'Two-factor sign-in is off.' : undefined,
    failure: false,
    onSuccess: async (step, _pw, queryClient) => {
      onDone(step);
      await invalidateAll(queryClient, [twoFactorStatusQuery.queryKey, accountKeys.sessions]);
    },
  });
  const form = useSchemaForm(withCode ? twoFactorCodeSchema : passwordProofSchema, {
    initial: { password: '', code: '' },
    input: ({ password, code }) => (withCode ? { code } : { password }),
    fallback: 'Enter the code.',
    clearOnEdit: false,
    markFields: false,
    onSubmit: (proof) => act.mutate(proof, { onError: (failure) => form.refuse(errorMessage(failure)) }),
  });
  const error = form.error;
  const switchTo = (code: boolean) => {
    setWithCode(code);
    form.clearError();
  };
  const text = PASSWORD_STEP[purpose];
  const switchButton = `${textLink} self-start text-sm`;
  return (
    <form onSubmit={form.submit} noValidate className="flex max-w-md flex-col gap-4" data-testid="two-factor-password">
      {withCode && purpose !== 'enable' ? (
        <>
          <p className="text-sm text-muted">{CODE_STEP[purpose]}</p>
          <FormField
            label="Code from the app or a recovery code"
            name="code"
            autoComplete="one-time-code"
            autoFocus
            maxLength={16}
            {...form.field('code')}
          />
          <FormError message={error} />
          <button type="button" onClick={() => switchTo(false)} className={switchButton}>
            Use your password instead
          </button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted">{text.intro}</p>
          <PasswordField label="Password" name="password" autoComplete="current-password" {...form.field('password')} />
          <FormError message={error} />
          {purpose !== 'enable' && (
            <button type="button" onClick={() => switchTo(true)} className={switchButton}>
              Use a code instead
            </button>
          )}
        </>
      )}
      <SubmitOrCancel label={text.button} pending={act.isPending} onCancel={onCancel} />
    </form>
  );
}

function ScanStep({ totpURI, onConfirmed, onCancel }: { totpURI: string; onConfirmed: () => void; onCancel: () => void }) {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const confirm = useApiMutation({
    request: (checked: string) => swapsSession(callRoute(twoFactorContracts.verifyTotp, { body: { code: checked } })),
    success: 'Two-factor sign-in is on.',
    failure: false,
    onSuccess: async (_answer, _code, queryClient) => {
      onConfirmed();
      await invalidateAll(queryClient, [twoFactorStatusQuery.queryKey, accountKeys.sessions]);
    },
  });
  const form = useSchemaForm(verifyTotpSchema, {
    initial: { code: '' },
    fallback: 'Enter the code.',
    clearOnEdit: false,
    markFields: false,
    onSubmit: ({ code }) => confirm.mutate(code, { onError: (failure) => form.refuse(errorMessage(failure)) }),
  });
  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-scan">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg">
        <li>Open an authenticator app (such as 1Password, Google Authenticator, Authy or your phone's passwords app).</li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <Suspense fallback={<div className="size-48 animate-pulse rounded-md bg-subtle" aria-hidden />}>
          <TwoFactorQr uri={totpURI} />
        </Suspense>
        <div className="min-w-0 text-sm">
          <p className="text-muted">Key for typing in:</p>
          <code className="mt-1 block break-all rounded bg-subtle px-2 py-1 font-mono text-fg" data-testid="two-factor-secret">
            {secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </div>
      </div>
      <form onSubmit={form.submit} noValidate className="flex max-w-md flex-col gap-4">
        <FormField label="Code from the app" name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={7} {...form.field('code')} />
        <FormError message={form.error} />
        <SubmitOrCancel label="Turn on" pending={confirm.isPending} onCancel={onCancel} />
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { toast } = useToast();
  const text = `Drabble recovery codes\nEach code signs you in once when you cannot use your authenticator app.\n\n${codes.join('\n')}\n`;
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'drabble-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => toast('Recovery codes copied.', 'success'),
      () => toast('Could not copy. Download them instead.', 'error'),
    );
  return (
    <div className="flex flex-col gap-4" data-testid="two-factor-recovery-codes">
      <p className="text-sm text-fg">
        Save these {RECOVERY_CODE_COUNT} recovery codes somewhere safe. Each one signs you in once if you lose your phone. <strong>They are shown only now.</strong>
      </p>
      <ul className="grid max-w-sm grid-cols-2 gap-2 rounded-md bg-subtle p-3 font-mono text-sm text-fg">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={download} className={`${secondaryButton} ${smallButton}`}>
          <Download aria-hidden className="size-4" />
          Download (.txt)
        </button>
        <button type="button" onClick={() => void copy()} className={`${secondaryButton} ${smallButton}`}>
          <Copy aria-hidden className="size-4" />
          Copy
        </button>
        <button type="button" onClick={onDone} className={`${primaryButton} ${smallButton}`}>
          I saved them
        </button>
      </div>
    </div>
  );
}

/** /settings#two-factor: turning on a code from an authenticator app at sign-in, with recovery codes. */
export function TwoFactorSection() {
  const status = useQuery(twoFactorStatusQuery);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const idle = () => setStep({ name: 'idle' });
  const description = 'After your password, signing in asks for a code from an authenticator app on your phone.';
  if (!status.data) return <SettingsSection {...SETTINGS_SECTIONS.twoFactor} description={description} />;
  const { enabled, required, hasPassword } = status.data;

  let body;
  if (step.name === 'password') body = <PasswordStep purpose={step.purpose} onDone={setStep} onCancel={idle} />;
  else if (step.name === 'scan') body = <ScanStep totpURI={step.totpURI} onConfirmed={() => setStep({ name: 'codes', recoveryCodes: step.recoveryCodes })} onCancel={idle} />;
  else if (step.name === 'codes') body = <RecoveryCodes codes={step.recoveryCodes} onDone={idle} />;
  else if (enabled) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="inline-flex items-center gap-2 text-sm font-medium text-fg" data-testid="two-factor-on">
          <ShieldCheck aria-hidden className="size-5 text-accent-ink" />
          Two-factor sign-in is on.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => setStep({ name: 'password', purpose: 'codes' })} className={`${secondaryButton} ${smallButton}`}>
            New recovery codes
          </button>
          {!required && (
            <button type="button" onClick={() => setStep({ name: 'password', purpose: 'disable' })} className={`${secondaryButton} ${smallButton}`}>
              Turn off
            </button>
          )}
        </div>
        {required && <p className="text-sm text-muted">Admins on this site must keep two-factor sign-in on.</p>}
      </div>
    );
  } else if (!hasPassword) {
    body = <p className="text-sm text-muted">Two-factor sign-in protects signing in with a password. Set a password above first.</p>;
  } else {
    body = (
      <div className="flex flex-col items-start gap-3">
        {required && <p className="text-sm font-medium text-fg">Admins on this site must turn on two-factor sign-in before using the admin screens.</p>}
        <button type="button" onClick={() => setStep({ name: 'password', purpose: 'enable' })} className={primaryButton}>
          Turn on two-factor sign-in
        </button>
      </div>
    );
  }
  return (
    <SettingsSection {...SETTINGS_SECTIONS.twoFactor} description={description} testId="settings-two-factor">
      {body}
    </SettingsSection>
  );
}
