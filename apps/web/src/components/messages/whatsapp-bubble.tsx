import WhatsApp from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { withLinks } from '../linked-text';

/**
 * A message as the shop sees it in WhatsApp: the chat's green-grey background and a white bubble
 * with the text (new lines kept, links clickable) and the time. The preview of what will be sent.
 */
export function WhatsappBubble({
  text,
  time,
  caption,
  testId = 'whatsapp-preview',
}: {
  text: string;
  time?: string;
  /** Said above the bubble (e.g. who it goes to). */
  caption?: string;
  testId?: string;
}) {
  return (
    <Box
      sx={{ bgcolor: '#e5ddd5', borderRadius: 2, p: 1.5, minWidth: 0 }}
      data-testid={testId}
      aria-label={caption}
    >
      {caption && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mb: 1, color: '#075e54' }}>
          <WhatsApp fontSize="small" />
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {caption}
          </Typography>
        </Box>
      )}
      <Box
        sx={{
          bgcolor: '#fff',
          borderRadius: '0 8px 8px 8px',
          p: 1.25,
          boxShadow: '0 1px 0.5px rgba(0,0,0,0.13)',
          maxWidth: 420,
        }}
      >
        <Typography
          component="div"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 14, color: '#111b21' }}
          data-testid={`${testId}-text`}
        >
          {withLinks(text, { color: '#027eb5' })}
        </Typography>
        {time && (
          <Typography variant="caption" sx={{ display: 'block', textAlign: 'right', color: '#667781' }}>
            {time}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
