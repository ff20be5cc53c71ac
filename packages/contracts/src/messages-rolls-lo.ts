/** The Lao messages of the rolls (issue 13), spread into messages-lo.ts. */
export const rollsLo = {
  'validation.rollSerialFormat': 'ເລກມ້ວນເຈ້ຍຕ້ອງເປັນຈຳນວນເຕັມ ບໍ່ຕິດລົບ',
  'validation.rollCountFormat': 'ຈຳນວນຕ້ອງເປັນຈຳນວນເຕັມ ຢ່າງໜ້ອຍ 1',
  'validation.serialsTogether': 'ກະລຸນາປ້ອນທັງເລກມ້ວນທຳອິດ ແລະ ເລກມ້ວນສຸດທ້າຍ (ຫຼື ປະຫວ່າງທັງສອງ)',
  'validation.serialOrder': 'ເລກມ້ວນສຸດທ້າຍຕ້ອງບໍ່ນ້ອຍກວ່າເລກມ້ວນທຳອິດ',
  'validation.serialCount': 'ຊ່ວງເລກມ້ວນຕ້ອງມີເທົ່າກັບຈຳນວນມ້ວນ (ສຸດທ້າຍ − ທຳອິດ + 1 = ຈຳນວນ)',
  'validation.rollMonth': 'ເດືອນບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 2026-08)',
  'validation.lowPaperDays': 'ຈຳນວນມື້ຕ້ອງເປັນຈຳນວນເຕັມ 0–365',
  'validation.deliveredInFuture': 'ວັນທີສົ່ງຕ້ອງບໍ່ເກີນມື້ນີ້',
  'validation.rollPersonNotAgent': 'ຮັບມ້ວນເຈ້ຍເຂົ້າສະຕັອກໄດ້ສະເພາະຕົວແທນ',
  'validation.rollDeliveredBy': 'ບໍ່ພົບຜູ້ສົ່ງນີ້',
  'errors.rollNotFound': 'ບໍ່ພົບການສົ່ງມ້ວນເຈ້ຍນີ້',
  'errors.rollSerialsOverlap': 'ເລກມ້ວນເຈ້ຍຊ້ຳກັບການສົ່ງອື່ນແລ້ວ: ມ້ວນໜຶ່ງສົ່ງໄດ້ຄັ້ງດຽວ, ກະລຸນາກວດເລກມ້ວນທຳອິດ ແລະ ສຸດທ້າຍ',
  'errors.rollStockShort': 'ມ້ວນເຈ້ຍໃນສະຕັອກບໍ່ພໍ: ມີ {{inStock}} ມ້ວນ, ຕ້ອງການ {{asked}} ມ້ວນ',
  'errors.rollSerialsNotInStock': 'ເລກມ້ວນເຈ້ຍເຫຼົ່ານີ້ບໍ່ໄດ້ຢູ່ໃນສະຕັອກຂອງຜູ້ສົ່ງ',
  'errors.rollOwnStockOnly': 'ຕົວແທນສົ່ງມ້ວນເຈ້ຍໄດ້ຈາກສະຕັອກຂອງຕົນເອງເທົ່ານັ້ນ',
  'errors.rollStockUsed': 'ມ້ວນເຈ້ຍຈາກການຮັບນີ້ຖືກສົ່ງໃຫ້ຮ້ານແລ້ວ: ສະຕັອກຈະເຫຼືອ {{inStock}} ມ້ວນ, ກະລຸນາແກ້ການສົ່ງໃຫ້ຮ້ານກ່ອນ',
} as const;
