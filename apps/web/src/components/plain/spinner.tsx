/** MUI's indeterminate CircularProgress (40 px, the theme's primary colour unless `inherit`). */
export function Spinner({ size = 40, inherit = false }: { size?: number; inherit?: boolean }) {
  return (
    <span
      className={inherit ? 'ph-spinner ph-spinner--inherit' : 'ph-spinner'}
      style={{ width: size, height: size }}
      role="progressbar"
    >
      <svg viewBox="22 22 44 44" aria-hidden="true">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
