import { Outlet } from 'react-router';
import { PlainLanguageSwitch } from '../../components/plain/plain-language-switch';
import { Footer } from './footer';
import './public-layout.css';

/**
 * Login, password help, privacy and the customer's receipt: a plain page with the footer. Plain
 * markup, no MUI: it is part of the login route (decision 005).
 */
export default function PublicLayout() {
  return (
    <div className="ph-public">
      <div className="ph-public__bar">
        <PlainLanguageSwitch />
      </div>
      <main className="ph-public__main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
