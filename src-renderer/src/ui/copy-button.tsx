import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** Copies `text` to the clipboard and says so for two seconds (announced to screen readers). */
export function CopyButton(props: { text: string; label?: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size={props.size ?? 'sm'}
      aria-label={props.label ?? t('actions.copy')}
      onClick={() => {
        void navigator.clipboard?.writeText(props.text).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      <span aria-live="polite">{copied ? t('actions.copied') : t('actions.copy')}</span>
    </Button>
  );
}
