import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ResponseListItem } from '../../../../src-preload/contract';
import { useFormat } from '../../i18n/format';
import { fullName, listName } from '../patients';
import { ScoreBadges } from './score-badges';

/** A form's responses, newest first: who, when, the score with its band, and a link to it. */
export function ResponsesTable(props: { rows: readonly ResponseListItem[]; formName: string }) {
  const { t } = useTranslation('responses');
  const format = useFormat();
  const scored = props.rows.some((r) => r.scores.length > 0);
  return (
    <div className="responses-table-wrap">
      <table className="table responses-table">
        <caption className="visually-hidden">
          {t('table.caption', { form: props.formName })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('table.patient')}</th>
            <th scope="col">{t('table.completedAt')}</th>
            {scored && <th scope="col">{t('table.score')}</th>}
            <th scope="col">
              <span className="visually-hidden">{t('table.detail')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const when = format.dateTime(row.completedAt);
            return (
              <tr key={row.id}>
                <th scope="row">{listName(row.patient)}</th>
                <td className="responses-nowrap">
                  <time dateTime={row.completedAt}>{when}</time>
                </td>
                {scored && (
                  <td>
                    <ScoreBadges scores={row.scores} />
                  </td>
                )}
                <td className="responses-open">
                  <Link
                    href={`/responses/${row.id}`}
                    aria-label={t('table.openLabel', { name: fullName(row.patient), date: when })}
                  >
                    {t('table.open')}
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
