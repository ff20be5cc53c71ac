/** The Lao messages of members at the gate (issue 14), spread into messages-lo.ts. */
export const gateMembersLo = {
  'success.checkedInMember': 'ບັນທຶກລົດເຂົ້າສຳເລັດ: ສະມາຊິກ {{name}}, ໝົດອາຍຸວັນທີ {{until}}, ບໍ່ເສຍຄ່າຈອດ',
  'success.checkedInPassExpired':
    'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ {{number}} ({{name}}) ໝົດອາຍຸແລ້ວ ວັນທີ {{until}}, ກະລຸນາຕໍ່ອາຍຸ',
  'success.checkedInPassSuspended': 'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ {{number}} ({{name}}) ຖືກລະງັບ',
  'success.checkedInPassNotStarted':
    'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ {{number}} ({{name}}) ເລີ່ມໃຊ້ໄດ້ວັນທີ {{from}}',
  'success.checkedInPassOtherVehicle':
    'ບັນທຶກລົດເຂົ້າສຳເລັດ, ເກັບຄ່າຈອດປົກກະຕິ: ບັດສະມາຊິກ {{number}} ({{name}}) ໃຊ້ກັບລົດປະເພດອື່ນ',
} as const;
