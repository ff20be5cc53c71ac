/** The Lao messages of the packages (issue 13), spread into messages-lo.ts. */
export const packagesLo = {
  'validation.packageNameRequired': 'ກະລຸນາປ້ອນຊື່ແພັກເກັດ',
  'validation.ticketsFormat': 'ຈຳນວນບິນຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ',
  'validation.allowanceFormat': 'ຈຳນວນທີ່ອະນຸຍາດຕ້ອງເປັນຈຳນວນເຕັມ (ຜູ້ໃຊ້ຢ່າງໜ້ອຍ 1, ສາຂາຢ່າງໜ້ອຍ 0); ຫວ່າງໄວ້ = ບໍ່ຈຳກັດ',
  'validation.monthFormat': 'ເດືອນບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 2026-08)',
  'validation.packageMonthPast': 'ເລືອກເດືອນກ່ອນເດືອນນີ້ບໍ່ໄດ້: ໃບແຈ້ງໜີ້ຂອງເດືອນທີ່ຜ່ານມາໃຊ້ແພັກເກັດເດີມ',
  'validation.packageRequired': 'ກະລຸນາເລືອກແພັກເກັດ',
  'validation.feeCodeFormat': 'ລະຫັດຄ່າທຳນຽມມີ 2–32 ຕົວ: A–Z, 0–9 ແລະ _, ເລີ່ມດ້ວຍຕົວອັກສອນ',
  'validation.feeNameRequired': 'ກະລຸນາປ້ອນຊື່ຄ່າທຳນຽມ',
  'errors.packageNotFound': 'ບໍ່ພົບແພັກເກັດນີ້',
  'errors.packageInactive': 'ແພັກເກັດນີ້ປິດການໃຊ້ງານແລ້ວ, ກະລຸນາເລືອກແພັກເກັດອື່ນ',
  'errors.packageCannotBeCleared': 'ຮ້ານນີ້ມີແພັກເກັດແລ້ວ: ປ່ຽນເປັນແພັກເກັດອື່ນໄດ້ ແຕ່ເອົາອອກບໍ່ໄດ້',
  'errors.feeNotFound': 'ບໍ່ພົບຄ່າທຳນຽມນີ້',
  'errors.feeCodeTaken': 'ລະຫັດຄ່າທຳນຽມນີ້ມີແລ້ວ',
  'errors.usersAllowanceReached':
    'ແພັກເກັດຂອງຮ້ານນີ້ໃຫ້ມີຜູ້ໃຊ້ໄດ້ບໍ່ເກີນ {{max}} ຄົນ (ຮ້ານຫຼັກ ແລະ ສາຂາລວມກັນ): ລຶບຜູ້ໃຊ້ທີ່ບໍ່ໃຊ້ແລ້ວ ຫຼື ປ່ຽນແພັກເກັດ',
  'errors.branchesAllowanceReached': 'ແພັກເກັດຂອງຮ້ານນີ້ໃຫ້ມີສາຂາໄດ້ບໍ່ເກີນ {{max}} ສາຂາ: ປິດສາຂາທີ່ບໍ່ໃຊ້ແລ້ວ ຫຼື ປ່ຽນແພັກເກັດ',
  'success.packageDeactivated': 'ແພັກເກັດນີ້ມີຮ້ານໃຊ້ຢູ່ ຫຼື ເຄີຍໃຊ້ ຈຶ່ງປິດການໃຊ້ງານແທນການລຶບ',
} as const;
