import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AgentOption } from '@parking-hub/contracts/shops';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgentOptions } from '../../../components/agent-options';
import { RemotePicker } from '../../../components/remote-picker';

const agentLabel = (a: AgentOption) => a.fullName;

/** An active agent, searched on the server (GET /v1/dividuals-agent) as the user types. */
export function AgentPicker({
  value,
  onChange,
  label,
  knownName,
  placeholder,
  error,
  filter,
  'data-testid': testId,
}: {
  value: string;
  onChange: (agentId: string) => void;
  label: string;
  /** The name of an agent chosen before (the URL, the shop being edited), shown until listed. */
  knownName: string | null;
  placeholder?: string;
  error?: string;
  /** A list filter: the label stays up, empty means any agent. */
  filter?: boolean;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('shops');
  const placeholderOption = useCallback(
    (id: string): AgentOption => ({ id, fullName: knownName ?? '', username: '' }),
    [knownName],
  );
  return (
    <RemotePicker<AgentOption>
      value={value || null}
      onChange={(a) => onChange(a?.id ?? '')}
      useOptions={useAgentOptions}
      getLabel={agentLabel}
      placeholderOption={placeholderOption}
      renderOption={(a) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography>{a.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            @{a.username}
          </Typography>
        </Box>
      )}
      label={label}
      placeholder={placeholder}
      noOptionsText={t('filters.noAgent')}
      error={error}
      shrinkLabel={filter}
      data-testid={testId}
    />
  );
}
