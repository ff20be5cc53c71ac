import Alert from '@mui/material/Alert';
import type { GateMember } from '@parking-hub/contracts/bills';
import { dayText } from '@parking-hub/contracts/business-day';
import { useTranslation } from 'react-i18next';
import { formatKip } from '../../../lib/format';

/**
 * What the check-in found of a member (issue 14): a valid pass (the stay costs 0 ₭, paid as
 * MEMBER), or one that does not count today (expired, suspended, not started, another vehicle type), said in words so
 * the staff can tell the customer why they pay the normal fee.
 */
export function MemberNotice({ member }: { member: GateMember }) {
  const { t } = useTranslation(['gate', 'common']);
  const values = {
    name: member.fullName,
    number: member.number,
    from: dayText(member.validFrom),
    until: dayText(member.validUntil),
    vehicle: member.vehicleType ? t(`common:vehicles.${member.vehicleType}`) : '',
  };
  if (member.state === 'VALID')
    return (
      <Alert severity="success" data-testid="gate-member-notice" data-state={member.state} sx={{ mt: 1 }}>
        {t('member.valid', values)}
        <br />
        <strong>
          {formatKip(0)} · {t('common:payment.MEMBER')}
        </strong>
      </Alert>
    );
  return (
    <Alert severity="warning" data-testid="gate-member-notice" data-state={member.state} sx={{ mt: 1 }}>
      {t(`member.${member.state}`, values)}
    </Alert>
  );
}
