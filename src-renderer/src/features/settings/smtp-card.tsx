import { useTranslation } from 'react-i18next';
import type { AppSettings } from '../../../../src-preload/contract';
import { TextField } from '../../ui/field';
import { Card } from '../../ui/layout';
import { SectionCard, useSectionSave } from './section';
import { useDraft } from './use-draft';

export function SmtpCard(props: { settings: AppSettings }) {
  const { t } = useTranslation('settings');
  const smtp = props.settings.smtp;
  const section = useSectionSave(['/smtpUrl']);
  const draft = useDraft({ url: smtp.url ?? '' });
  const current = smtp.url
    ? smtp.from
      ? t('smtp.from', { from: smtp.from })
      : ''
    : t('smtp.outbox');

  if (smtp.source === 'run') {
    return (
      <Card title={t('smtp.title')} label={t('smtp.title')} className="settings-card">
        <p className="notice settings-inline-notice">{t('smtp.runNote')}</p>
        <TextField
          label={t('smtp.url')}
          value={smtp.url ?? ''}
          readOnly
          className="settings-mono"
        />
        {current && <p className="muted">{current}</p>}
      </Card>
    );
  }

  return (
    <SectionCard
      title={t('smtp.title')}
      section={section}
      dirty={draft.dirty}
      onSubmit={() => {
        if (!draft.dirty) return;
        const url = draft.value.url.trim();
        void section
          .save({ smtpUrl: url === '' ? null : url })
          .then((saved) => saved && draft.clear());
      }}
    >
      <TextField
        label={t('smtp.url')}
        hint={t('smtp.hint')}
        placeholder={t('smtp.placeholder')}
        spellCheck={false}
        autoComplete="off"
        className="settings-mono"
        value={draft.value.url}
        error={section.fieldError('/smtpUrl')}
        onChange={(e) => {
          section.touch();
          draft.set({ url: e.target.value });
        }}
      />
      {current && <p className="muted settings-current">{current}</p>}
    </SectionCard>
  );
}
