import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { handleError, handleResponse } from './handle-response';
import { toast } from './toast-store';

const shown = () =>
  toast.list().map((t) => ({ severity: t.severity, message: t.message, duration: t.duration }));

describe('generic response handling (spec §8)', () => {
  beforeEach(() => toast.clear());

  it('shows a success toast with the message for 2 seconds', () => {
    handleResponse({ status: 'success', message: 'ບັນທຶກສຳເລັດ' });
    expect(shown()).toEqual([{ severity: 'success', message: 'ບັນທຶກສຳເລັດ', duration: 2000 }]);
  });

  it('shows each field message as an error toast (5 s), and then not the message', () => {
    handleResponse({ status: 'error', message: 'ignored', messages: { a: 'A!', b: 'B!' } });
    expect(shown()).toEqual([
      { severity: 'error', message: 'A!', duration: 5000 },
      { severity: 'error', message: 'B!', duration: 5000 },
    ]);
  });

  it('shows the message when there are no field messages', () => {
    handleResponse({ status: 'error', message: 'only this' });
    expect(shown().map((t) => t.message)).toEqual(['only this']);
  });

  it('treats a failed call the same way', () => {
    handleError(
      new ApiError({ status: 409, kind: 'http', message: 'taken', messages: { username: 'ມີແລ້ວ' } }),
    );
    expect(shown().map((t) => t.message)).toEqual(['ມີແລ້ວ']);
    toast.clear();
    handleError(new ApiError({ status: 0, kind: 'network', message: 'offline' }));
    expect(shown().map((t) => t.message)).toEqual(['offline']);
  });
});
