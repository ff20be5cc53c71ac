import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CheckInResult } from '@parking-hub/contracts/bills';
import type { PriceRule } from '@parking-hub/contracts/prices';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../components/feedback/handle-response';
import { ErrorState } from '../../../components/states';
import { VehicleIcon } from '../../../components/vehicle-icon';
import { isApiError } from '../../../lib/api-error';
import { formatKip } from '../../../lib/format';
import { usePrices } from '../../prices/api/get-prices';
import { spanText } from '../../prices/rule-text';
import { platesFor, rememberPlate } from '../frequent-plates';
import { useCheckIn } from '../use-check-in';

/** What a type costs as the button says it: a flat fee per entry, or the first period's fee. */
function priceLine(rule: PriceRule, t: (key: string, options?: Record<string, unknown>) => string) {
  if (rule.mode === 'FLAT') return t('checkIn.perEntry', { fee: formatKip(rule.flatFee) });
  return t('checkIn.firstPeriod', {
    fee: formatKip(rule.firstPeriodFee),
    span: spanText(rule.firstPeriodMinutes, t),
  });
}

/**
 * Check-in: one large button per vehicle type the shop takes (its price rules), an optional plate
 * (plates used often at this shop are offered as it is typed) and member card number (a member's
 * plate is enough: the server finds the member by it). A tap makes the bill and prints it
 * (`onCheckedIn`). A call that got no answer stays on screen with a
 * retry that sends the same request again (the server makes one bill of it).
 */
export function CheckInCard({
  shopId,
  onCheckedIn,
}: {
  shopId: string;
  onCheckedIn: (bill: CheckInResult) => void;
}) {
  const { t } = useTranslation(['gate', 'common', 'prices']);
  const prices = usePrices(shopId);
  const [plate, setPlate] = useState('');
  const [member, setMember] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const suggestions = useMemo(() => platesFor(shopId, plate), [shopId, plate]);

  const checkIn = useCheckIn(
    (bill) => {
      if (bill.plate) rememberPlate(shopId, bill.plate);
      setPlate('');
      setMember('');
      setFieldErrors({});
      onCheckedIn(bill);
    },
    (error) => {
      // Refused (a bad plate or card number, a type the shop stopped taking): said where it belongs.
      if (isApiError(error) && error.messages && Object.keys(error.messages).length)
        setFieldErrors(error.messages);
      else handleError(error);
    },
  );
  const failed = checkIn.failed;

  const tap = (rule: PriceRule) =>
    checkIn.start(rule.vehicleType, {
      shopId,
      plate: plate.trim() || undefined,
      memberNumber: member.trim() || undefined,
    });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="gate-check-in">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('checkIn.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' }, mb: 2 }}>
        <Autocomplete
          freeSolo
          options={suggestions}
          filterOptions={(options) => options}
          inputValue={plate}
          onInputChange={(_, value) => {
            setPlate(value);
            setFieldErrors((e) => ({ ...e, plate: '' }));
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('checkIn.plate')}
              placeholder={t('checkIn.platePlaceholder')}
              error={!!fieldErrors.plate}
              helperText={fieldErrors.plate || undefined}
              slotProps={{
                ...params.slotProps,
                htmlInput: {
                  ...params.slotProps.htmlInput,
                  autoCapitalize: 'characters',
                  spellCheck: false,
                  'data-testid': 'gate-plate',
                },
              }}
            />
          )}
        />
        <TextField
          label={t('checkIn.member')}
          value={member}
          onChange={(e) => {
            setMember(e.target.value);
            setFieldErrors((f) => ({ ...f, memberNumber: '' }));
          }}
          error={!!fieldErrors.memberNumber}
          helperText={fieldErrors.memberNumber || undefined}
          slotProps={{
            htmlInput: { autoCapitalize: 'characters', spellCheck: false, 'data-testid': 'gate-member' },
          }}
        />
      </Box>
      {failed && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="gate-check-in-failed"
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" onClick={checkIn.drop} data-testid="gate-check-in-drop">
                {t('checkIn.drop')}
              </Button>
              <Button
                variant="contained"
                color="error"
                onClick={checkIn.retry}
                data-testid="gate-check-in-retry"
              >
                {t('checkIn.retry')}
              </Button>
            </Box>
          }
        >
          {t('checkIn.failed', {
            type: t(`common:vehicles.${failed.body.vehicleType}`),
            message: failed.error instanceof Error ? failed.error.message : '',
          })}
          <br />
          {t('checkIn.retryHint')}
        </Alert>
      )}
      {prices.isPending ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      ) : prices.error ? (
        <ErrorState error={prices.error} onRetry={() => void prices.refetch()} />
      ) : prices.data.length === 0 ? (
        <Alert severity="warning" data-testid="gate-no-types">
          {t('checkIn.noTypes')}
        </Alert>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {prices.data.map((rule) => {
              const busy = checkIn.pending === rule.vehicleType;
              return (
                <ButtonBase
                  key={rule.vehicleType}
                  onClick={() => tap(rule)}
                  disabled={checkIn.pending !== null || failed !== null}
                  data-testid={`gate-in-${rule.vehicleType}`}
                  sx={{
                    minHeight: 96,
                    borderRadius: 2,
                    px: 1,
                    py: 1.5,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 0.25,
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    '&.Mui-disabled': { opacity: busy ? 1 : 0.5 },
                    '&:hover': { bgcolor: 'primary.dark' },
                    '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main' },
                  }}
                >
                  {busy ? (
                    <CircularProgress size={28} color="inherit" />
                  ) : (
                    <VehicleIcon type={rule.vehicleType} sx={{ fontSize: 32 }} />
                  )}
                  <Typography component="span" sx={{ fontWeight: 700, fontSize: 18 }}>
                    {t(`common:vehicles.${rule.vehicleType}`)}
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ opacity: 0.9 }}>
                    {priceLine(rule, t)}
                  </Typography>
                </ButtonBase>
              );
            })}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('checkIn.hint')}
          </Typography>
        </>
      )}
    </Paper>
  );
}
