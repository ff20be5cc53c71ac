/** The Lao messages of videos (issue 16), spread into messages-lo.ts. */
export const videosLo = {
  'errors.videoNotFound': 'ບໍ່ພົບວິດີໂອນີ້',
  'errors.videoType': 'ໄຟລ໌ວິດີໂອຕ້ອງເປັນ MP4 ຫຼື WebM',
  'errors.videoTooLarge': 'ໄຟລ໌ວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ {{max}} MB)',
  'errors.videoPosterType': 'ຮູບປົກວິດີໂອຕ້ອງເປັນ PNG, JPEG ຫຼື WebP',
  'errors.videoPosterTooLarge': 'ຮູບປົກວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 2 MB)',
  'validation.videoTitleRequired': 'ກະລຸນາປ້ອນຫົວຂໍ້ວິດີໂອ',
  'validation.videoTitleTooLong': 'ຫົວຂໍ້ວິດີໂອຍາວເກີນໄປ (ບໍ່ເກີນ 120 ຕົວອັກສອນ)',
  'validation.videoDescriptionTooLong': 'ລາຍລະອຽດຍາວເກີນໄປ (ບໍ່ເກີນ 2000 ຕົວອັກສອນ)',
  'validation.videoSource': 'ກະລຸນາເລືອກໄຟລ໌ວິດີໂອ ຫຼື ປ້ອນລິ້ງ',
  'validation.videoFileAndLink': 'ວິດີໂອໜຶ່ງເປັນໄດ້ຢ່າງດຽວ: ໄຟລ໌ ຫຼື ລິ້ງ',
  'validation.videoLink': 'ລິ້ງຕ້ອງເປັນທີ່ຢູ່ https:// ທີ່ຖືກຕ້ອງ',
  'validation.videoOrder': 'ລຳດັບຕ້ອງເປັນຈຳນວນເຕັມແຕ່ 0 ຫາ 100000',
  'validation.videoRole': 'ບົດບາດບໍ່ຖືກຕ້ອງ',
} as const;
