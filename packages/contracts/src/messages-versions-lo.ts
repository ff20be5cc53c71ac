/** The Lao messages of the staff mobile app's versions (issue 16), spread into messages-lo.ts. */
export const versionsLo = {
  'validation.appPlatform': 'ກະລຸນາເລືອກແພລດຟອມ: android ຫຼື ios',
  'validation.semver': 'ເວີຊັນບໍ່ຖືກຕ້ອງ: ໃຊ້ຕົວເລກ 3 ສ່ວນ MAJOR.MINOR.PATCH (ເຊັ່ນ 1.4.2), ບໍ່ມີຕົວອັກສອນຕໍ່ທ້າຍ',
  'validation.appBuild': 'ເລກບິວຕ້ອງເປັນຈຳນວນເຕັມ ຕັ້ງແຕ່ 1 ຫາ 2,100,000,000',
  'validation.minAboveVersion': 'ເວີຊັນຕ່ຳສຸດທີ່ຮອງຮັບຕ້ອງບໍ່ສູງກວ່າເວີຊັນນີ້',
  'validation.storeUrl': 'ລິ້ງສະໂຕບໍ່ຖືກຕ້ອງ: ຕ້ອງເລີ່ມດ້ວຍ https:// ແລະ ຍາວບໍ່ເກີນ 500 ຕົວອັກສອນ',
  'validation.notesTooLong': 'ລາຍລະອຽດການອັບເດດຍາວເກີນໄປ (ບໍ່ເກີນ 1,000 ຕົວອັກສອນ)',
  'validation.releasedAt': 'ວັນທີ ແລະ ເວລາເຜີຍແຜ່ບໍ່ຖືກຕ້ອງ',
  'errors.appVersionNotFound': 'ບໍ່ພົບເວີຊັນແອັບນີ້',
  'errors.appVersionTaken': 'ເວີຊັນນີ້ມີແລ້ວໃນແພລດຟອມນີ້',
  'errors.appBuildTaken': 'ເລກບິວນີ້ມີແລ້ວໃນແພລດຟອມນີ້',
  'errors.appBuildOrder': 'ເລກບິວຕ້ອງຮຽງຕາມເວີຊັນ: ເວີຊັນ {{version}} ມີເລກບິວ {{build}}',
  'success.appUpToDate': 'ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ',
  'success.appUpdateAvailable': 'ມີເວີຊັນແອັບໃໝ່ {{version}}, ອັບເດດໄດ້ແລ້ວ',
  'success.appUpdateRequired': 'ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ {{version}} ກ່ອນໃຊ້ງານຕໍ່',
  'success.noAppRelease': 'ຍັງບໍ່ມີເວີຊັນແອັບທີ່ເຜີຍແຜ່ສຳລັບແພລດຟອມນີ້',
} as const;
