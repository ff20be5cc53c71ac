import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditEvent } from '@parking-hub/contracts/audit';
import { useTranslation } from 'react-i18next';
import { actorKind, attemptedUsername } from '../audit-values';

/** Who did it: name and role; 'system' for the server itself; 'unidentified' for a failed sign-in. */
export function ActorText({ event }: { event: AuditEvent }) {
  const { t } = useTranslation('audit');
  const kind = actorKind(event);
  const tried = attemptedUsername(event);
  const name = kind === 'user' ? (event.actorName ?? '—') : t(`actor.${kind}`);
  let detail: string | null = null;
  if (kind === 'user' && event.actorRole) detail = t(`common:roles.${event.actorRole}`);
  else if (tried) detail = t('actor.tried', { username: tried });
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        sx={{
          fontSize: 14,
          fontWeight: 600,
          // Not a person: told apart by colour (Lao has no italics to lean on).
          color: kind === 'user' ? 'text.primary' : 'text.secondary',
          overflowWrap: 'anywhere',
        }}
      >
        {name}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
