/**
 * Messages the API sends and the forms show, in Lao (default) and English.
 * Schemas in this package name a key of `validation.*`; the server and the web translate it.
 * Placeholders use the i18next form `{{name}}` so the web can hand these to i18next as they are.
 */
export const LANGUAGES = ['lo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const lo = {
  'errors.unauthorized': 'ກະລຸນາເຂົ້າສູ່ລະບົບ',
  'errors.sessionExpired': 'ໝົດເວລາເຂົ້າໃຊ້ງານ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່',
  'errors.forbidden': 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  'errors.notFound': 'ບໍ່ພົບຂໍ້ມູນ',
  'errors.routeNotFound': 'ບໍ່ພົບເສັ້ນທາງນີ້',
  'errors.invalidInput': 'ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ',
  'errors.invalidJson': 'ຮູບແບບຂໍ້ມູນບໍ່ຖືກຕ້ອງ',
  'errors.unsupportedMediaType': 'ບໍ່ຮອງຮັບຮູບແບບຂໍ້ມູນນີ້',
  'errors.payloadTooLarge': 'ຂໍ້ມູນທີ່ສົ່ງມາໃຫຍ່ເກີນໄປ',
  'errors.tooManyRequests': 'ມີການຮ້ອງຂໍຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ {{minutes}} ນາທີ',
  'errors.internal': 'ເກີດຂໍ້ຜິດພາດໃນລະບົບ, ກະລຸນາລອງໃໝ່ອີກຄັ້ງ',
  'errors.conflict': 'ຂໍ້ມູນຂັດກັນ, ກະລຸນາໂຫຼດຄືນແລ້ວລອງໃໝ່',
  'errors.loginFailed': 'ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ',
  'errors.accountLocked': 'ເຂົ້າສູ່ລະບົບຜິດຫຼາຍເທື່ອ, ບັນຊີຖືກລັອກຊົ່ວຄາວ. ກະລຸນາລອງໃໝ່ໃນອີກ {{minutes}} ນາທີ',
  'errors.accountSuspended': 'ບັນຊີນີ້ຖືກລະງັບ, ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບ',
  'errors.usernameTaken': 'ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ',
  'errors.phoneTaken': 'ເບີໂທນີ້ຖືກໃຊ້ແລ້ວ',
  'errors.emailTaken': 'ອີເມວນີ້ຖືກໃຊ້ແລ້ວ',
  'errors.cannotDeleteSelf': 'ບໍ່ສາມາດລຶບບັນຊີຂອງຕົນເອງໄດ້',
  'errors.cannotChangeOwnStatus': 'ບໍ່ສາມາດປ່ຽນສະຖານະບັນຊີຂອງຕົນເອງໄດ້',
  'errors.cannotChangeOwnRole': 'ບໍ່ສາມາດປ່ຽນບົດບາດ ຫຼື ຮ້ານຂອງຕົນເອງໄດ້',
  'errors.lastSuperAdmin': 'ຕ້ອງມີ SUPER-ADMIN ທີ່ໃຊ້ງານໄດ້ຢ່າງໜ້ອຍໜຶ່ງຄົນ',
  'errors.roleNotAllowed': 'ທ່ານບໍ່ສາມາດຈັດການຜູ້ໃຊ້ບົດບາດນີ້ໄດ້',
  'errors.shopOutOfScope': 'ທ່ານບໍ່ມີສິດໃນຮ້ານນີ້',
  'errors.shopNotFound': 'ບໍ່ພົບຮ້ານນີ້',
  'errors.userNotFound': 'ບໍ່ພົບຜູ້ໃຊ້ນີ້',
  'errors.sessionNotFound': 'ບໍ່ພົບໂທເຄັນນີ້',
  'errors.wrongCurrentPassword': 'ລະຫັດຜ່ານປັດຈຸບັນບໍ່ຖືກຕ້ອງ',
  'errors.notOwnAccount': 'ແກ້ໄຂໄດ້ສະເພາະບັນຊີຂອງຕົນເອງ',
  'success.done': 'ສຳເລັດ',
  'success.saved': 'ບັນທຶກສຳເລັດ',
  'success.created': 'ສ້າງສຳເລັດ',
  'success.deleted': 'ລຶບສຳເລັດ',
  'success.loggedIn': 'ເຂົ້າສູ່ລະບົບສຳເລັດ',
  'success.loggedOut': 'ອອກຈາກລະບົບສຳເລັດ',
  'success.revoked': 'ຍົກເລີກໂທເຄັນສຳເລັດ',
  'success.statusUpdated': 'ປ່ຽນສະຖານະສຳເລັດ',
  'success.passwordChanged': 'ປ່ຽນລະຫັດຜ່ານສຳເລັດ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່',
  'validation.required': 'ກະລຸນາປ້ອນຂໍ້ມູນ',
  'validation.invalid': 'ຄ່າບໍ່ຖືກຕ້ອງ',
  'validation.unknownField': 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້',
  'validation.tooShort': 'ສັ້ນເກີນໄປ (ຢ່າງໜ້ອຍ {{min}} ຕົວອັກສອນ)',
  'validation.tooLong': 'ຍາວເກີນໄປ (ບໍ່ເກີນ {{max}} ຕົວອັກສອນ)',
  'validation.tooSmall': 'ຕ້ອງບໍ່ໜ້ອຍກວ່າ {{min}}',
  'validation.tooBig': 'ຕ້ອງບໍ່ເກີນ {{max}}',
  'validation.fullNameRequired': 'ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້',
  'validation.usernameRequired': 'ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້',
  'validation.usernameFormat': 'ຊື່ຜູ້ໃຊ້ມີ 3–50 ຕົວ: a–z, 0–9 ແລະ . _ - ເທົ່ານັ້ນ',
  'validation.passwordRequired': 'ກະລຸນາປ້ອນລະຫັດຜ່ານ',
  'validation.passwordConfirmRequired': 'ກະລຸນາຢືນຢັນລະຫັດຜ່ານ',
  'validation.passwordTooShort': 'ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ',
  'validation.passwordTooLong': 'ລະຫັດຜ່ານຍາວເກີນໄປ (ບໍ່ເກີນ 128 ຕົວອັກສອນ)',
  'validation.passwordMismatch': 'ລະຫັດຜ່ານບໍ່ກົງກັນ',
  'validation.currentPasswordRequired': 'ກະລຸນາປ້ອນລະຫັດຜ່ານປັດຈຸບັນ',
  'validation.phoneFormat': 'ເບີໂທບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
  'validation.emailFormat': 'ອີເມວບໍ່ຖືກຕ້ອງ',
  'validation.roleRequired': 'ກະລຸນາເລືອກບົດບາດ',
  'validation.shopRequired': 'ກະລຸນາເລືອກຮ້ານ',
  'validation.dateFormat': 'ວັນທີບໍ່ຖືກຕ້ອງ',
  'validation.dateRange': 'ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ',
} as const;

export type MessageKey = keyof typeof lo;

const en: Record<MessageKey, string> = {
  'errors.unauthorized': 'Please sign in',
  'errors.sessionExpired': 'Your session has ended; please sign in again',
  'errors.forbidden': 'You have no right to use this',
  'errors.notFound': 'Not found',
  'errors.routeNotFound': 'No such route',
  'errors.invalidInput': 'Some input is not valid; please check it',
  'errors.invalidJson': 'The request body is not valid JSON',
  'errors.unsupportedMediaType': 'This content type is not supported',
  'errors.payloadTooLarge': 'The request is too large',
  'errors.tooManyRequests': 'Too many requests; please try again in {{minutes}} minutes',
  'errors.internal': 'Something went wrong on our side; please try again',
  'errors.conflict': 'The data changed meanwhile; reload and try again',
  'errors.loginFailed': 'Wrong user name or password',
  'errors.accountLocked':
    'Too many failed sign-ins; the account is locked for now. Try again in {{minutes}} minutes',
  'errors.accountSuspended': 'This account is suspended; please contact your administrator',
  'errors.usernameTaken': 'This user name is already taken',
  'errors.phoneTaken': 'This phone number is already in use',
  'errors.emailTaken': 'This e-mail is already in use',
  'errors.cannotDeleteSelf': 'You cannot delete your own account',
  'errors.cannotChangeOwnStatus': 'You cannot change the status of your own account',
  'errors.cannotChangeOwnRole': 'You cannot change your own role or shop',
  'errors.lastSuperAdmin': 'At least one active SUPER-ADMIN must remain',
  'errors.roleNotAllowed': 'You cannot manage users of this role',
  'errors.shopOutOfScope': 'You have no rights on this shop',
  'errors.shopNotFound': 'Shop not found',
  'errors.userNotFound': 'User not found',
  'errors.sessionNotFound': 'Token not found',
  'errors.wrongCurrentPassword': 'The current password is wrong',
  'errors.notOwnAccount': 'You can only edit your own account here',
  'success.done': 'Done',
  'success.saved': 'Saved',
  'success.created': 'Created',
  'success.deleted': 'Deleted',
  'success.loggedIn': 'Signed in',
  'success.loggedOut': 'Signed out',
  'success.revoked': 'Token revoked',
  'success.statusUpdated': 'Status changed',
  'success.passwordChanged': 'Password changed; please sign in again',
  'validation.required': 'This field is required',
  'validation.invalid': 'This value is not valid',
  'validation.unknownField': 'Unknown field',
  'validation.tooShort': 'Too short (at least {{min}} characters)',
  'validation.tooLong': 'Too long (at most {{max}} characters)',
  'validation.tooSmall': 'Must be at least {{min}}',
  'validation.tooBig': 'Must be at most {{max}}',
  'validation.fullNameRequired': 'Please enter the user name',
  'validation.usernameRequired': 'Please enter the user name',
  'validation.usernameFormat': 'User name: 3–50 characters, a–z, 0–9 and . _ - only',
  'validation.passwordRequired': 'Please enter the password',
  'validation.passwordConfirmRequired': 'Please confirm the password',
  'validation.passwordTooShort': 'The password needs at least 8 characters',
  'validation.passwordTooLong': 'The password is too long (at most 128 characters)',
  'validation.passwordMismatch': 'The passwords do not match',
  'validation.currentPasswordRequired': 'Please enter your current password',
  'validation.phoneFormat': 'Phone number is not valid (for example 020 5555 1234)',
  'validation.emailFormat': 'E-mail is not valid',
  'validation.roleRequired': 'Please choose a role',
  'validation.shopRequired': 'Please choose a shop',
  'validation.dateFormat': 'Date is not valid',
  'validation.dateRange': 'The start date must not be after the end date',
};

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { lo, en };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(lo, value);
}

/** Translate a key; unknown text is returned as it is so a plain sentence passes through. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[lang][key] : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Pick the language from an Accept-Language header: English only when asked for first. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'lo';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'lo';
}
