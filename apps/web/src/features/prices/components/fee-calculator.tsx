import Calculate from '@mui/icons-material/Calculate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShopHours } from '@parking-hub/contracts/business-day';
import type { FeeRule } from '@parking-hub/contracts/prices';
import { type ReactNode, useMemo, useState } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeeBreakdown } from '../../../components/fee-breakdown';
import { formatKip } from '../../../lib/format';
import { type CalculatorResult, calculatorResult, defaultStay, type StayInput } from '../calculator';
import { checkRule, type RuleFormValues, type RuleTarget } from '../rule-form';
import { issueText } from '../rule-messages';
import { RuleSentence } from './rule-sentence';

export interface HoursState {
  data?: ShopHours;
  isError: boolean;
  refetch: () => unknown;
}

function Panel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('prices');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="calc-title"
      sx={{ p: 2, bgcolor: 'grey.50', display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
      data-testid="fee-calculator"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Calculate color="primary" />
        <Typography id="calc-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('calc.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('calc.hint')}
      </Typography>
      {children}
    </Paper>
  );
}

function Outcome({ result }: { result: CalculatorResult }) {
  const { t } = useTranslation('prices');
  if (result.status === 'ok') {
    return (
      <Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Typography color="text.secondary">{t('calc.total')}</Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="calc-total">
            {formatKip(result.fee.total)}
          </Typography>
        </Box>
        <FeeBreakdown fee={result.fee} />
      </Box>
    );
  }
  const message =
    result.status === 'invalidRule'
      ? t('calc.invalidRule', { field: t(`fields.${result.field}`), message: issueText(result.issue, t) })
      : t(`calc.${result.status}`);
  return (
    <Alert severity="warning" data-testid="calc-message">
      {message}
    </Alert>
  );
}

/** The stay's inputs and the fee of the form's current values; `hours` known. */
function Calculator({
  control,
  target,
  base,
  hours,
}: {
  control: Control<RuleFormValues>;
  target: RuleTarget;
  base: FeeRule;
  hours: ShopHours;
}) {
  const { t } = useTranslation('prices');
  const [stay, setStay] = useState<StayInput>(() => defaultStay(new Date(), hours.timezone));
  const values = useWatch({ control }) as RuleFormValues;
  const check = useMemo(() => checkRule(values, target, base), [values, target, base]);
  const result = calculatorResult(check, stay, hours);
  const set = (change: Partial<StayInput>) => setStay((s) => ({ ...s, ...change }));
  const time = (key: 'checkIn' | 'checkOut', testId: string) => (
    <TextField
      type="datetime-local"
      label={t(`calc.${key}`)}
      value={stay[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': testId } }}
    />
  );
  return (
    <>
      {check.ok && (
        <RuleSentence rule={check.rule} variant="body2" data-testid="rule-preview">
          <Box component="span" sx={{ fontWeight: 600 }}>
            {t('form.preview')}:
          </Box>{' '}
        </RuleSentence>
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
        {time('checkIn', 'calc-in')}
        {time('checkOut', 'calc-out')}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ mt: -0.5 }}>
        {t('calc.clock', { timezone: hours.timezone })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel
          control={<Switch checked={stay.lost} onChange={(e) => set({ lost: e.target.checked })} />}
          label={t('calc.lost')}
          data-testid="calc-lost"
        />
        <FormControlLabel
          control={<Switch checked={stay.member} onChange={(e) => set({ member: e.target.checked })} />}
          label={t('calc.member')}
          data-testid="calc-member"
        />
      </Box>
      <Divider />
      <Outcome result={result} />
    </>
  );
}

/**
 * The live calculator beside the editor: what the rule being typed would charge, computed with
 * `calculateFee` (the server's own function) on the shop's clock, before anything is saved.
 */
export function FeeCalculator({
  control,
  target,
  base,
  hours,
}: {
  control: Control<RuleFormValues>;
  target: RuleTarget;
  base: FeeRule;
  hours: HoursState;
}) {
  const { t } = useTranslation('prices');
  if (hours.data)
    return (
      <Panel>
        <Calculator control={control} target={target} base={base} hours={hours.data} />
      </Panel>
    );
  return (
    <Panel>
      {hours.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void hours.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('calc.hoursFailed')}
        </Alert>
      ) : (
        [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
      )}
    </Panel>
  );
}
