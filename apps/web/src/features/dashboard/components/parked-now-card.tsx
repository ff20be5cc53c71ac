import type { ReportBalance } from '@parking-hub/contracts/reports';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/plain/icon';
import { formatCount } from '../dashboard-figures';
import { DASHBOARD_ICON_PATHS } from './plain-icons';

/** The vehicle pictures of components/vehicle-icon.tsx, as plain SVG. */
const VEHICLE_PATHS = {
  MOTORBIKE: DASHBOARD_ICON_PATHS.twoWheeler,
  CAR: DASHBOARD_ICON_PATHS.directionsCar,
  BICYCLE: DASHBOARD_ICON_PATHS.pedalBike,
  MINIBUS: DASHBOARD_ICON_PATHS.airportShuttle,
  TRUCK: DASHBOARD_ICON_PATHS.localShipping,
} satisfies Record<VehicleType, string>;

/**
 * The vehicles inside right now: the figure a shop checks first, so it comes first and large.
 * The page's LCP element: plain React and CSS (dashboard-top.css), drawn without MUI.
 */
export function ParkedNowCard({ today }: { today: ReportBalance }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const types = today.byVehicle.filter((v) => v.parkedNow > 0);
  return (
    <section
      className="ph-dash-card ph-dash-card--primary"
      aria-labelledby="parked-now-title"
      data-testid="parked-now"
    >
      <h2 id="parked-now-title" className="ph-dash-title">
        {t('parkedNow.title')}
      </h2>
      <p className="ph-dash-parked" data-testid="parked-now-total">
        {formatCount(today.totals.parkedNow)}
      </p>
      {types.length === 0 ? (
        <p className="ph-dash-body2 ph-dash-parked-none">{t('parkedNow.none')}</p>
      ) : (
        <ul className="ph-dash-types">
          {types.map((v) => (
            <li key={v.vehicleType} data-testid={`parked-now-${v.vehicleType}`}>
              <Icon path={VEHICLE_PATHS[v.vehicleType]} />
              <span>{t(`common:vehicles.${v.vehicleType}`)}</span>
              <strong>{formatCount(v.parkedNow)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
