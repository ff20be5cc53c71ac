import { describe, expect, it } from 'vitest';
import { closeAlert, peekAlert, showAlert } from './alert-store';

describe('alerts (spec §8)', () => {
  it('success and error close after 2 s with no button; a warning takes a timer and a button', () => {
    void showAlert({ variant: 'success', title: 'ok' });
    expect(peekAlert()).toMatchObject({ variant: 'success', timer: 2000, confirmText: null });
    void showAlert({ variant: 'error', title: 'bad' });
    expect(peekAlert()).toMatchObject({ variant: 'error', timer: 2000, confirmText: null });
    void showAlert({ variant: 'warning', title: 'careful' });
    expect(peekAlert()).toMatchObject({ variant: 'warning', timer: null });
    expect(peekAlert()?.confirmText).toBeUndefined(); // the dialog shows its default OK
    void showAlert({ variant: 'warning', title: 'careful', timer: 5000, confirmText: 'ເຂົ້າໃຈແລ້ວ' });
    expect(peekAlert()).toMatchObject({ timer: 5000, confirmText: 'ເຂົ້າໃຈແລ້ວ' });
  });

  it('resolves when the alert closes; a new alert replaces the open one', async () => {
    const first = showAlert({ variant: 'success', title: 'one' });
    const second = showAlert({ variant: 'error', title: 'two' });
    await first; // replaced: settled at once
    closeAlert(peekAlert()?.id ?? -1);
    await second;
    expect(peekAlert()).toBeNull();
  });
});
