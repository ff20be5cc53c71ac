import Box from '@mui/material/Box';
import { WHATSAPP_TEXT_MAX } from '@parking-hub/contracts/messaging';

/** A field's help (or its error) on the left, its length against WhatsApp's limit on the right. */
export function CounterHelper({ help, length }: { help: string; length: number }) {
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{help}</span>
      <Box
        component="span"
        sx={{
          flexShrink: 0,
          fontVariantNumeric: 'tabular-nums',
          color: length > WHATSAPP_TEXT_MAX ? 'error.main' : undefined,
        }}
        data-testid="text-counter"
      >
        {length.toLocaleString('en-US')}/{WHATSAPP_TEXT_MAX.toLocaleString('en-US')}
      </Box>
    </Box>
  );
}
