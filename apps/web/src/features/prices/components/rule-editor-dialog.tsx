import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  type CreatePriceBody,
  defaultFeeRule,
  type FeeRule,
  type PriceRule,
  type UpdatePriceBody,
} from '@parking-hub/contracts/prices';
import { CORE_VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { useCreatePrice } from '../api/create-price';
import { useUpdatePrice } from '../api/update-price';
import {
  checkRule,
  FORM_FIELDS,
  formValuesOf,
  NO_PASSES,
  type PassPrices,
  type RuleFormValues,
  type RuleTarget,
} from '../rule-form';
import { ruleResolver } from '../rule-messages';
import { FeeCalculator, type HoursState } from './fee-calculator';
import { RuleFields } from './rule-fields';

/** What the editor opens on: an existing rule, or a vehicle type the shop does not price yet. */
export type EditorSubject = { rule: PriceRule } | { shopId: string; vehicleType: VehicleType };

/** Wider than the theme's 600 px: the form and its calculator sit side by side. */
const WIDE = { maxWidth: 960 };

/** A new rule's prices start empty rather than at 0, so a rule is never free by omission. */
const NEW_RULE_BLANKS = { flatFee: '', firstPeriodFee: '', nextPeriodFee: '' };

function subjectOf(subject: EditorSubject): {
  target: RuleTarget;
  base: FeeRule;
  passes: PassPrices;
  vehicleType: VehicleType;
} {
  if ('rule' in subject) {
    const {
      id,
      shopId: _s,
      vehicleType,
      updatedAt: _u,
      pass1m,
      pass3m,
      pass6m,
      pass12m,
      ...base
    } = subject.rule;
    return { target: { id }, base, passes: { pass1m, pass3m, pass6m, pass12m }, vehicleType };
  }
  const { shopId, vehicleType } = subject;
  return { target: { shopId, vehicleType }, base: defaultFeeRule(0), passes: NO_PASSES, vehicleType };
}

/**
 * Add or edit one vehicle type's rule. Checked with the contracts' schema as typed; the calculator
 * beside it (below on a phone) prices a stay with the unsaved values.
 */
export function RuleEditorDialog({
  subject,
  hours,
  onClose,
}: {
  subject: EditorSubject;
  hours: HoursState;
  onClose: () => void;
}) {
  const { t } = useTranslation('prices');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { target, base, passes, vehicleType } = useMemo(() => subjectOf(subject), [subject]);
  const editing = 'id' in target;
  const create = useCreatePrice();
  const update = useUpdatePrice();
  const form = useForm<RuleFormValues>({
    resolver: ruleResolver(target, base, t),
    defaultValues: editing ? formValuesOf(base, passes) : { ...formValuesOf(base), ...NEW_RULE_BLANKS },
  });
  const vehicle = t(`common:vehicles.${vehicleType}`);
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async (values) => {
    const check = checkRule(values, target, base);
    if (!check.ok) return; // the resolver has shown why
    try {
      const envelope = editing
        ? await update.mutateAsync(check.body as UpdatePriceBody)
        : await create.mutateAsync(check.body as CreatePriceBody);
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, form.setError, [...FORM_FIELDS, 'mode']);
    }
  });

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : WIDE } }}
      aria-labelledby="rule-editor-title"
    >
      <Box component="form" onSubmit={submit} noValidate data-testid="rule-form" sx={{ display: 'contents' }}>
        <DialogTitle id="rule-editor-title">
          {t(editing ? 'form.editTitle' : 'form.createTitle', { vehicle })}
        </DialogTitle>
        <DialogContent dividers>
          {CORE_VEHICLE_TYPES.includes(vehicleType) && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('form.coreNote', { vehicle })}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 380px)' },
            }}
          >
            <RuleFields form={form} />
            <FeeCalculator control={form.control} target={target} base={base} hours={hours} />
          </Box>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="rule-save" />
      </Box>
    </Dialog>
  );
}
