import Chip from '@mui/material/Chip';
import type { WalletEntryKind } from '@parking-hub/contracts/finance';
import { useTranslation } from 'react-i18next';

const COLOR = {
  TOP_UP: 'primary',
  INVOICE_PAYMENT: 'secondary',
  ADJUSTMENT: 'default',
  REFUND: 'success',
} as const satisfies Record<WalletEntryKind, string>;

/** A ledger entry's kind: top-up, invoice payment, adjustment or refund. */
export function EntryKindChip({ kind }: { kind: WalletEntryKind }) {
  const { t } = useTranslation('finance');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[kind]}
      label={t(`wallet.kinds.${kind}`)}
      data-testid="entry-kind"
      data-kind={kind}
    />
  );
}
