import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { Footer } from './footer';

/** Login, password help, privacy and the customer's receipt: a plain page with the footer. */
export default function PublicLayout() {
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <LanguageSwitch color="primary" />
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', px: 2 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
