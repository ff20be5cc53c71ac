import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { errorText, needsRestart } from './reset-errors';

const http = (message: string, messages?: Record<string, string>) =>
  new ApiError({ status: 400, kind: 'http', message, messages });

describe('reading the server’s recovery answers', () => {
  it('asks to start again when the server refuses the request id or the reset token', () => {
    expect(needsRestart(http('expired', { requestId: 'ຄຳຮ້ອງຂໍນີ້ໝົດອາຍຸແລ້ວ, ກະລຸນາເລີ່ມໃໝ່' }))).toBe(true);
    expect(needsRestart(http('expired', { resetToken: 'ໝົດເວລາຕັ້ງລະຫັດຜ່ານໃໝ່ແລ້ວ, ກະລຸນາເລີ່ມໃໝ່' }))).toBe(true);
    expect(needsRestart(http('ລະຫັດຢືນຢັນໝົດອາຍຸແລ້ວ', { code: 'ລະຫັດຢືນຢັນໝົດອາຍຸແລ້ວ' }))).toBe(false);
    expect(needsRestart(http('ກະລຸນາລໍຖ້າ 40 ວິນາທີ ກ່ອນຂໍລະຫັດໃໝ່'))).toBe(false);
    expect(needsRestart(new Error('network'))).toBe(false);
  });

  it('shows the field’s message when the server names one, else its message', () => {
    const generic = http('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ', { code: 'ລະຫັດຢືນຢັນເປັນຕົວເລກ 6 ຕົວ' });
    expect(errorText(generic, 'code')).toBe('ລະຫັດຢືນຢັນເປັນຕົວເລກ 6 ຕົວ');
    expect(errorText(generic)).toBe('ລະຫັດຢືນຢັນເປັນຕົວເລກ 6 ຕົວ');
    expect(errorText(generic, 'password')).toBe('ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ');
    expect(errorText(http('ກະລຸນາລໍຖ້າ 40 ວິນາທີ ກ່ອນຂໍລະຫັດໃໝ່'))).toBe('ກະລຸນາລໍຖ້າ 40 ວິນາທີ ກ່ອນຂໍລະຫັດໃໝ່');
    expect(errorText(new Error('offline'))).toBe('offline');
  });
});
