import AirportShuttle from '@mui/icons-material/AirportShuttle';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import LocalShipping from '@mui/icons-material/LocalShipping';
import PedalBike from '@mui/icons-material/PedalBike';
import TwoWheeler from '@mui/icons-material/TwoWheeler';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { VehicleType } from '@parking-hub/contracts/vehicles';

const ICONS = {
  MOTORBIKE: TwoWheeler,
  CAR: DirectionsCar,
  BICYCLE: PedalBike,
  MINIBUS: AirportShuttle,
  TRUCK: LocalShipping,
} satisfies Record<VehicleType, unknown>;

/** A vehicle type's picture, beside its name (decorative: the name is always written too). */
export function VehicleIcon({ type, ...props }: { type: VehicleType } & SvgIconProps) {
  const Icon = ICONS[type];
  return <Icon aria-hidden {...props} />;
}
