import Box from '@mui/material/Box';
import { WHATSAPP_TEXT_MAX } from '@parking-hub/contracts/messaging';

/** A field's help (or its error) on the left, its length against its limit (WhatsApp's unless told) on the right. */
export function CounterHelper({
  help,
  length,
  max = WHATSAPP_TEXT_MAX,
}: {
  help: string;
  length: number;
  max?: number;
}) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{help}</span>
      <Box
        component="span"
        sx={{
          flexShrink: 0,
          fontVariantNumeric: 'tabular-nums',
          color: length > max ? 'error.main' : undefined,
        }}
        data-testid="text-counter"
      >
        {length.toLocaleString('en-US')}/{max.toLocaleString('en-US')}
      </Box>
    </Box>
  );
}
