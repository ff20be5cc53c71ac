import Computer from '@mui/icons-material/Computer';
import DevicesOther from '@mui/icons-material/DevicesOther';
import Smartphone from '@mui/icons-material/Smartphone';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ClientKind, knownBrand, summarizeUserAgent } from '../user-agent';

const ICONS: Record<ClientKind, typeof Computer> = {
  mobile: Smartphone,
  desktop: Computer,
  other: DevicesOther,
};

/** Brand and a short browser/OS summary; the full user agent in a tooltip; 'this device' marked. */
export function DeviceCell({
  brand,
  userAgent,
  current,
}: {
  brand: string | null;
  userAgent: string | null;
  current: boolean;
}) {
  const { t } = useTranslation('access-tokens');
  const ua = summarizeUserAgent(userAgent);
  const maker = knownBrand(brand);
  const Icon = ICONS[ua.kind];
  const text = (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', minWidth: 0 }}>
      <Icon fontSize="small" sx={{ color: 'text.secondary', mt: 0.25, flexShrink: 0 }} />
      <Box sx={{ minWidth: 0 }}>
        {maker && (
          <Typography sx={{ fontSize: 14, fontWeight: 500, overflowWrap: 'anywhere' }}>{maker}</Typography>
        )}
        <Typography
          sx={{
            fontSize: maker ? 13 : 14,
            color: maker ? 'text.secondary' : 'text.primary',
            overflowWrap: 'anywhere',
          }}
        >
          {ua.summary || t('device.unknown')}
        </Typography>
      </Box>
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: 0.5,
        minWidth: { md: 150 },
      }}
    >
      {userAgent ? (
        <Tooltip title={<Box sx={{ overflowWrap: 'anywhere' }}>{userAgent}</Box>} describeChild>
          <Box
            tabIndex={0}
            sx={{ cursor: 'help', minWidth: 0, borderRadius: 0.5 }}
            data-testid="token-device"
          >
            {text}
          </Box>
        </Tooltip>
      ) : (
        text
      )}
      {current && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          label={t('device.current')}
          data-testid="token-current"
        />
      )}
    </Box>
  );
}
