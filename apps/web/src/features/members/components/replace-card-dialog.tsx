import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Member } from '@parking-hub/contracts/members';
import { replaceCardBodySchema } from '@parking-hub/contracts/members';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { messageText } from '../../../lib/i18n';
import { useReplaceCard } from '../api/save-member';
import { fieldErrors } from './field-errors';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { NumberPicker } from './number-picker';

/** A lost or broken card: the member moves to a new free number, the old one is marked lost. */
export function ReplaceCardDialog({
  member,
  onClose,
  onReplaced,
}: {
  member: Member | null;
  onClose: () => void;
  /** The member on their new card (to print it). */
  onReplaced: (member: Member) => void;
}) {
  const { t } = useTranslation('members');
  const replace = useReplaceCard();
  const [numberId, setNumberId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (member) {
      setNumberId(null);
      setError(undefined);
    }
  }, [member]);

  if (!member) return null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = replaceCardBodySchema.safeParse({ memberId: member.id, numberId: numberId ?? '' });
    if (!parsed.success) return setError(t('form.chooseNumber'));
    try {
      const envelope = await replace.mutateAsync(parsed.data);
      handleResponse(envelope);
      onClose();
      if (envelope.data) onReplaced(envelope.data);
    } catch (e) {
      setError(fieldErrors(e, ['numberId'] as const).numberId);
    }
  };
  const busy = replace.isPending;
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="replace-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="replace-form" style={FORM_IN_DIALOG}>
        <DialogTitle id="replace-title">{t('replace.title', { number: member.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="warning">{t('replace.hint', { number: member.number })}</Alert>
            <NumberPicker
              shopId={member.shopId}
              value={numberId}
              onChange={(row) => {
                setNumberId(row?.id ?? null);
                setError(undefined);
              }}
              label={t('replace.newNumber')}
              error={error ? messageText(error) : undefined}
              testId="replace-number"
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="replace-save" />
      </form>
    </Dialog>
  );
}
