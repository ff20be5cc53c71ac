import { lazy, Suspense } from 'react';
import { useOpenAlert } from './alert-store';
import { useToasts } from './toast-store';

// Alerts and toasts load their code (MUI Dialog, Alert, icons) the first time one shows, so the
// login route does not carry it.
const AlertDialog = lazy(() => import('./alert-dialog'));
const Toaster = lazy(() => import('./toaster'));

export function FeedbackHost() {
  const alertOpen = useOpenAlert() !== null;
  const anyToast = useToasts().length > 0;
  return (
    <Suspense fallback={null}>
      {anyToast && <Toaster />}
      {alertOpen && <AlertDialog />}
    </Suspense>
  );
}
