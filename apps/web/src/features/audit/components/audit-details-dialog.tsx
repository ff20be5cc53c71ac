import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@parking-hub/contracts/audit';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, entityLabel } from '../audit-labels';
import { ActorText } from './actor-text';
import { AuditDiff } from './audit-diff';

const mono = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0, fontSize: 14, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

const id = (value: string | null) => (value ? <Box sx={mono}>{value}</Box> : '—');

/** One audit event in full: who, what, where from, every id, and its before/after compared. */
export function AuditDetailsDialog({ event, onClose }: { event: AuditEvent | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  // Keep showing the last event while the dialog fades out after `event` went back to null.
  const [shown, setShown] = useState(event);
  if (event && event !== shown) setShown(event);
  return (
    <Dialog open={Boolean(event)} onClose={onClose} aria-labelledby="audit-details-title" scroll="paper">
      {shown && (
        <>
          <DialogTitle id="audit-details-title" sx={{ pb: 0.5 }}>
            {actionLabel(t, shown.action)}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {formatDateTime(shown.at)}
            </Typography>
          </DialogTitle>
          <DialogContent dividers data-testid="audit-details">
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '140px minmax(0, 1fr)' },
                columnGap: 2,
                rowGap: { xs: 0.25, sm: 1 },
                m: 0,
                mb: 3,
                '& dd': { mb: { xs: 1, sm: 0 } },
              }}
            >
              <Item label={t('fields.who')}>
                <ActorText event={shown} />
              </Item>
              <Item label={t('fields.action')}>
                {actionLabel(t, shown.action)}{' '}
                <Box component="span" sx={{ ...mono, color: 'text.secondary' }}>
                  ({shown.action})
                </Box>
              </Item>
              <Item label={t('fields.entity')}>{entityLabel(t, shown.entity)}</Item>
              <Item label={t('details.entityId')}>{id(shown.entityId)}</Item>
              <Item label={t('fields.ip')}>{id(shown.ip)}</Item>
              <Item label={t('details.requestId')}>{id(shown.requestId)}</Item>
              <Item label={t('details.actorId')}>{id(shown.actorId)}</Item>
              <Item label={t('details.shopId')}>{id(shown.shopId)}</Item>
              <Item label={t('details.eventId')}>{id(shown.id)}</Item>
            </Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('details.changes')}
            </Typography>
            <AuditDiff before={shown.before} after={shown.after} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="audit-details-close">
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
