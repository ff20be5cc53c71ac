import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type Member, type PassReceipt, passPeriod } from '@parking-hub/contracts/members';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { useShopPlans } from '../api/get-plans';
import { useRenewPass } from '../api/save-member';
import { amountText, checkRenew, planPrice, SALE_FIELDS, type SaleValues } from '../member-forms';
import { useShopDay } from '../use-shop-day';
import { fieldErrors } from './field-errors';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { PassUntil } from './pass-until';
import { SaleDone } from './sale-done';
import { SaleFields } from './sale-fields';
import type { PrintInput } from './use-print-input';

type Errors = Partial<Record<keyof SaleValues, string>>;

/** Another pass for a member: the same length and money questions, and the new end date. */
export function RenewDialog({
  member,
  onClose,
  print,
}: {
  member: Member | null;
  onClose: () => void;
  print: PrintInput;
}) {
  const { t } = useTranslation(['members', 'common']);
  // At the counter on a phone the sale takes the whole screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const renew = useRenewPass();
  const open = member !== null;
  const shopId = member?.shopId ?? null;
  const plans = useShopPlans(shopId, open);
  const day = useShopDay(shopId);
  const vehicleType = member?.vehicleType ?? 'MOTORBIKE';
  const [values, setValues] = useState<SaleValues>({ months: '1', method: 'CASH', amount: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<PassReceipt | null>(null);

  // Each member opens on their own length at its price today; a refetch of the list meanwhile
  // (a new member object, the same member) keeps what the cashier chose.
  const memberId = member?.id ?? null;
  const planMonths = member?.planMonths ?? 1;
  useEffect(() => {
    if (!memberId) return;
    const price = planPrice(plans, vehicleType, planMonths);
    setValues({ months: String(planMonths), method: 'CASH', amount: amountText(price) });
    setErrors({});
  }, [memberId, planMonths, vehicleType, plans]);
  useEffect(() => {
    if (open) setDone(null);
  }, [open]);

  if (!member) return null;
  const price = planPrice(plans, vehicleType, Number(values.months));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkRenew(member.id, values, price);
    if (!checked.ok) return setErrors(checked.issues);
    try {
      const envelope = await renew.mutateAsync(checked.body);
      handleResponse(envelope);
      if (envelope.data) {
        setDone(envelope.data);
        print({ kind: 'receipt', receipt: envelope.data }, day.timeZone);
      } else onClose();
    } catch (error) {
      setErrors(fieldErrors(error, SALE_FIELDS));
    }
  };

  const busy = renew.isPending;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby="renew-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      data-testid="renew-dialog"
    >
      <DialogTitle id="renew-title">{t('renew.title', { number: member.number })}</DialogTitle>
      {done ? (
        <SaleDone receipt={done} timeZone={day.timeZone} print={print} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate data-testid="renew-form" style={FORM_IN_DIALOG}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Facts columns={{ xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }}>
                <Fact label={t('fields.fullName')}>{member.fullName}</Fact>
                <Fact label={t('fields.plates')}>{member.plates.join(', ')}</Fact>
                <Fact label={t('fields.currentUntil')}>
                  <PassUntil member={member} />
                </Fact>
              </Facts>
              <SaleFields
                plans={plans}
                vehicleType={vehicleType}
                value={values}
                onChange={(next) => {
                  setValues((v) => ({ ...v, ...next }));
                  setErrors({});
                }}
                errors={errors}
                period={passPeriod(member.validUntil, day.today, Number(values.months))}
                renewal
              />
            </Stack>
          </DialogContent>
          <FormDialogActions busy={busy} onCancel={onClose} saveTestId="renew-save" />
        </form>
      )}
    </Dialog>
  );
}
