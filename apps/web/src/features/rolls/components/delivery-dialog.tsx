import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  createPersonDeliveryBodySchema,
  createShopDeliveryBodySchema,
  type RollDelivery,
  type RollKind,
  updatePersonDeliveryBodySchema,
  updateShopDeliveryBodySchema,
} from '@parking-hub/contracts/rolls';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { DateField } from '../../../components/filters/date-field';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { messageText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useStock } from '../api/get-paper';
import { useSaveRoll } from '../api/save-roll';
import { today } from './roll-format';

interface FormValues {
  shopId: string;
  personId: string;
  fromPersonId: string;
  deliveredOn: string;
  quantity: string;
  ticketsPerRoll: string;
  serialFirst: string;
  serialLast: string;
  unitPrice: string;
  note: string;
}
const FIELDS = [
  'shopId',
  'personId',
  'fromPersonId',
  'deliveredOn',
  'quantity',
  'ticketsPerRoll',
  'serialFirst',
  'serialLast',
  'unitPrice',
  'note',
] as const;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
function valuesOf(d: RollDelivery | null): FormValues {
  return {
    shopId: d?.shopId ?? '',
    personId: d?.personId ?? '',
    fromPersonId: d?.fromPersonId ?? '',
    deliveredOn: d?.deliveredOn ?? today(),
    quantity: text(d?.quantity),
    ticketsPerRoll: text(d?.ticketsPerRoll ?? 500),
    serialFirst: text(d?.serialFirst),
    serialLast: text(d?.serialLast),
    unitPrice: text(d?.unitPrice),
    note: d?.note ?? '',
  };
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Record or correct a delivery of rolls to a shop (kind SHOP) or to an agent's stock (PERSON). */
export function DeliveryDialog({
  open,
  kind,
  delivery,
  onClose,
}: {
  open: boolean;
  kind: RollKind;
  delivery: RollDelivery | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('rolls');
  const session = useSession();
  const admin = session.role === 'ADMIN' || session.role === 'SUPER-ADMIN';
  const stock = useStock(open);
  const save = useSaveRoll();
  const form = useForm<FormValues>({ defaultValues: valuesOf(null) });
  const { register, handleSubmit, reset, control, formState, setError } = form;
  useEffect(() => {
    if (open) reset(valuesOf(delivery));
  }, [open, delivery, reset]);

  const agents = stock.data?.data ?? [];
  const own = agents.find((a) => a.personId === session.userId);

  const submit = handleSubmit(async (v) => {
    const common = {
      deliveredOn: v.deliveredOn,
      quantity: num(v.quantity),
      ticketsPerRoll: num(v.ticketsPerRoll),
      serialFirst: num(v.serialFirst) ?? null,
      serialLast: num(v.serialLast) ?? null,
      unitPrice: num(v.unitPrice),
      note: v.note.trim() || null,
      ...(delivery ? { id: delivery.id, deliveredBy: delivery.deliveredBy } : {}),
    };
    const body =
      kind === 'SHOP'
        ? { ...common, shopId: v.shopId, fromPersonId: admin ? v.fromPersonId || null : session.userId }
        : { ...common, personId: v.personId };
    const schema =
      kind === 'SHOP'
        ? delivery
          ? updateShopDeliveryBodySchema
          : createShopDeliveryBodySchema
        : delivery
          ? updatePersonDeliveryBodySchema
          : createPersonDeliveryBodySchema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as (typeof FIELDS)[number];
        if ((FIELDS as readonly string[]).includes(field)) setError(field, { message: issue.message });
      }
      return;
    }
    try {
      const envelope = await save.mutateAsync({ kind, body: parsed.data } as Parameters<
        typeof save.mutateAsync
      >[0]);
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, setError, FIELDS);
    }
  });

  const err = (name: keyof FormValues) => messageText(formState.errors[name]?.message);
  const field = (name: keyof FormValues, label: string, extra: { helper?: string; type?: string } = {}) => (
    <TextField
      label={t(label)}
      type={extra.type ?? 'number'}
      {...register(name)}
      error={!!err(name)}
      helperText={err(name) || extra.helper}
      slotProps={{ htmlInput: { 'data-testid': `roll-${name}`, min: 0, inputMode: 'numeric' } }}
    />
  );
  const title = `form.${delivery ? 'edit' : 'create'}${kind === 'SHOP' ? 'Shop' : 'Person'}`;
  return (
    <Dialog
      open={open}
      onClose={() => !save.isPending && onClose()}
      aria-labelledby="roll-form-title"
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate data-testid="roll-form">
        <DialogTitle id="roll-form-title">{t(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {kind === 'SHOP' ? (
              <Controller
                control={control}
                name="shopId"
                render={({ field: f }) => (
                  <ShopPicker
                    label={t('fields.shop')}
                    value={f.value || null}
                    onChange={(shop) => f.onChange(shop?.id ?? '')}
                    initialName={delivery?.shopName ?? null}
                    error={err('shopId')}
                    required
                    data-testid="roll-shop"
                  />
                )}
              />
            ) : (
              <Controller
                control={control}
                name="personId"
                render={({ field: f }) => (
                  <TextField
                    select
                    label={t('fields.person')}
                    required
                    value={f.value}
                    onChange={f.onChange}
                    error={!!err('personId')}
                    helperText={err('personId')}
                    slotProps={{ htmlInput: { 'data-testid': 'roll-personId' } }}
                  >
                    {agents.map((a) => (
                      <MenuItem key={a.personId} value={a.personId}>
                        {a.personName} (@{a.username})
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {kind === 'SHOP' && admin && (
              <Controller
                control={control}
                name="fromPersonId"
                render={({ field: f }) => (
                  <TextField
                    select
                    label={t('fields.source')}
                    value={f.value}
                    onChange={f.onChange}
                    error={!!err('fromPersonId')}
                    helperText={err('fromPersonId')}
                    slotProps={{
                      select: { displayEmpty: true },
                      inputLabel: { shrink: true },
                      htmlInput: { 'data-testid': 'roll-fromPersonId' },
                    }}
                  >
                    <MenuItem value="">{t('form.fromPlatform')}</MenuItem>
                    {agents.map((a) => (
                      <MenuItem key={a.personId} value={a.personId}>
                        {t('source.stock', { name: a.personName })} · {a.inHand}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {kind === 'SHOP' && !admin && (
              <Typography variant="body2" color="text.secondary" data-testid="roll-own-stock">
                {t('form.ownStock', { count: own?.inHand ?? 0 })}
              </Typography>
            )}
            <Controller
              control={control}
              name="deliveredOn"
              render={({ field: f }) => (
                <DateField
                  label={t('fields.deliveredOn')}
                  value={f.value}
                  onChange={f.onChange}
                  max={today()}
                  testId="roll-deliveredOn"
                  error={!!err('deliveredOn')}
                  helperText={err('deliveredOn')}
                />
              )}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('quantity', 'fields.quantity')}
              {field('ticketsPerRoll', 'fields.ticketsPerRoll')}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('serialFirst', 'fields.serialFirst', { helper: t('form.serialsHint') })}
              {field('serialLast', 'fields.serialLast')}
            </Stack>
            {field('unitPrice', 'fields.unitPrice', { helper: t('form.unitPriceHint') })}
            {field('note', 'fields.note', { type: 'text' })}
          </Stack>
        </DialogContent>
        <FormDialogActions busy={save.isPending} onCancel={onClose} saveTestId="roll-save" />
      </form>
    </Dialog>
  );
}
