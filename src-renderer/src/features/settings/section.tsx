import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppSettings, AppSettingsUpdate } from '../../../../src-preload/contract';
import { asFailure, type BridgeFailure } from '../../bridge/bridge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/layout';
import { describeError } from '../../ui/states';
import { fieldErrorsOf, fieldErrorText } from '../../ui/field-errors';
import { useLeaveGuard } from '../../ui/use-leave-guard';
import { useSaveSettings } from './settings-queries';

/**
 * One section's save: its own busy state, its own success or error, its own field errors, so a
 * failure in one card never blanks another.
 */
export function useSectionSave(pointers: readonly string[]) {
  const { t: tc } = useTranslation();
  const saveSettings = useSaveSettings();
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const [failure, setFailure] = useState<BridgeFailure>();
  const fields = fieldErrorsOf(failure);

  async function save(update: AppSettingsUpdate): Promise<AppSettings | undefined> {
    setSaving(true);
    setSavedOnce(false);
    setFailure(undefined);
    try {
      const saved = await saveSettings.mutateAsync(update);
      setSavedOnce(true);
      return saved;
    } catch (error) {
      setFailure(asFailure(error));
      return undefined;
    } finally {
      setSaving(false);
    }
  }

  return {
    saving,
    saved: savedOnce,
    failure,
    save,
    /** Forgets the last outcome: the user is editing again. */
    touch() {
      setSavedOnce(false);
      setFailure(undefined);
    },
    /** The error for the field at `pointer` (`/port`), translated by its keyword. */
    fieldError(pointer: string, overrides?: Record<string, string>): string | undefined {
      const error = fields[pointer];
      if (!error) return undefined;
      return overrides?.[error.code] ?? fieldErrorText(tc, error);
    },
    /** A failure no field of this section shows, in words. */
    generalError: generalError(),
  };

  function generalError(): string | undefined {
    if (!failure) return undefined;
    const unplaced = Object.entries(fields).filter(([pointer]) => !pointers.includes(pointer));
    if (Object.keys(fields).length === 0) return describeError(tc, failure);
    if (unplaced.length === 0) return undefined;
    return unplaced.map(([, e]) => tc('errors.generic', { message: e.detail })).join(' ');
  }
}

export type SectionSave = ReturnType<typeof useSectionSave>;

/**
 * A settings page's form: its one Save button and feedback, and a question before a link (another
 * page, another screen) or closing the window throws away what is not saved.
 */
export function SectionCard(props: {
  title: string;
  section: SectionSave;
  dirty: boolean;
  onSubmit: () => void;
  children: ReactNode;
  /** The success sentence when it says more than "saved". */
  savedMessage?: string;
  readOnly?: boolean;
  /** Shown above the form (what the page reports rather than edits). */
  intro?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const { section } = props;
  useLeaveGuard(props.dirty && !props.readOnly, t('leave'));
  return (
    <Card title={props.title} label={props.title} className="settings-card">
      {props.intro}
      <form
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        {props.children}
        {!props.readOnly && (
          <div className="settings-actions">
            <Button type="submit" variant="primary" busy={section.saving} disabled={!props.dirty}>
              {tc('actions.save')}
            </Button>
            <span className="settings-feedback" role="status">
              {section.saved && !props.dirty ? (props.savedMessage ?? t('saved')) : ''}
            </span>
          </div>
        )}
        {section.generalError && (
          <p className="notice notice-danger settings-error" role="alert">
            {section.generalError}
          </p>
        )}
      </form>
    </Card>
  );
}
