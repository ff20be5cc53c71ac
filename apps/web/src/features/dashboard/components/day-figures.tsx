import type { ReportBalance } from '@parking-hub/contracts/reports';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';
import { type DayFigures, formatCount } from '../dashboard-figures';
import { TrendText } from './trend-text';

const COUNTS = ['billsIn', 'billsOut', 'lost', 'cancelled'] as const;

function Figure({
  name,
  label,
  today,
  yesterday,
  format,
  children,
}: {
  name: string;
  label: string;
  today: number;
  yesterday: number;
  format: (n: number) => string;
  children?: React.ReactNode;
}) {
  return (
    <div className="ph-dash-card ph-dash-card--outlined" data-testid={`figure-${name}`}>
      <p className="ph-dash-body2 ph-dash-secondary">{label}</p>
      <p className="ph-dash-today" data-testid="today">
        {format(today)}
      </p>
      <TrendText today={today} yesterday={yesterday} text={format(yesterday)} />
      {children}
    </div>
  );
}

/**
 * Money taken (cash and QR; membership passes sold are in those, and shown on a line of their own
 * on a day either side sold some) and bills in, out, lost and cancelled: today, with yesterday
 * under it. Plain React and CSS (dashboard-top.css): the first figures draw without MUI.
 */
export function DayFiguresGrid({ today, yesterday }: { today: ReportBalance; yesterday: ReportBalance }) {
  const { t } = useTranslation('dashboard');
  const now: DayFigures = today.totals;
  const before: DayFigures = yesterday.totals;
  return (
    <div className="ph-dash-figures">
      <div className="ph-dash-money">
        <Figure
          name="amount"
          label={t('figures.amount')}
          today={now.amount}
          yesterday={before.amount}
          format={formatKip}
        >
          <dl className="ph-dash-split">
            {(['cash', 'qr'] as const).map((k) => (
              <div key={k} style={{ display: 'contents' }}>
                <dt>{t(`figures.${k}`)}</dt>
                <dd data-testid={`today-${k}`}>{formatKip(now[`${k}Amount`])}</dd>
              </div>
            ))}
            {(now.passCount > 0 || before.passCount > 0) && (
              <>
                <dt>{t('figures.passes', { count: now.passCount })}</dt>
                <dd data-testid="today-passes">{formatKip(now.passAmount)}</dd>
              </>
            )}
          </dl>
        </Figure>
      </div>
      {COUNTS.map((k) => (
        <Figure
          key={k}
          name={k}
          label={t(`figures.${k}`)}
          today={now[k]}
          yesterday={before[k]}
          format={formatCount}
        />
      ))}
    </div>
  );
}
