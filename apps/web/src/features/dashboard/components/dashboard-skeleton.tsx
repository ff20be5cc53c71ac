/**
 * The dashboard's shape while its first answers are on the way (nothing that looks like a figure),
 * in the grids of the cards it stands for (dashboard-top.css; plain, like the top cards).
 */
export function DashboardSkeleton() {
  return (
    <div className="ph-dash-stack" data-testid="dashboard-loading" aria-busy="true">
      <div className="ph-dash-top">
        <span className="ph-dash-skeleton" style={{ height: 150 }} />
        <div className="ph-dash-figures">
          <span className="ph-dash-skeleton ph-dash-money ph-dash-skeleton--money" />
          {[1, 2, 3, 4].map((i) => (
            <span key={i} className="ph-dash-skeleton" style={{ height: 96 }} />
          ))}
        </div>
      </div>
      <VehiclesSkeleton />
    </div>
  );
}

/** The vehicle cards' place, while they are drawn after the top cards (dashboard-body.tsx). */
export function VehiclesSkeleton() {
  return (
    <div className="ph-dash-vehicles" aria-busy="true">
      <span className="ph-dash-skeleton" style={{ height: 280 }} />
      <span className="ph-dash-skeleton ph-dash-skeleton--wide" style={{ height: 280 }} />
    </div>
  );
}
