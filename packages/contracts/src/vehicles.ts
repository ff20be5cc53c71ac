/** Vehicle types a shop may take (DESIGN.md §4). No zod here: the receipt page imports it too. */
export const VEHICLE_TYPES = ['MOTORBIKE', 'CAR', 'BICYCLE', 'MINIBUS', 'TRUCK'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** The types every shop prices (priceMotorbike, priceCar): their rules cannot be deleted. */
export const CORE_VEHICLE_TYPES: readonly VehicleType[] = ['MOTORBIKE', 'CAR'];
