/** Inline stroke icons (no icon font, no extra request). */
type P = { size?: number };
const svg = (size: number, children: React.ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);
export const SearchIcon = ({ size = 22 }: P) =>
  svg(
    size,
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>,
  );
export const CartIcon = ({ size = 22 }: P) =>
  svg(
    size,
    <>
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
    </>,
  );
export const MenuIcon = ({ size = 24 }: P) => svg(size, <path d="M4 6h16M4 12h16M4 18h16" />);
export const ChevronLeft = ({ size = 24 }: P) => svg(size, <path d="m15 18-6-6 6-6" />);
export const ChevronRight = ({ size = 24 }: P) => svg(size, <path d="m9 18 6-6-6-6" />);
export const TruckIcon = ({ size = 24 }: P) =>
  svg(
    size,
    <>
      <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
      <circle cx="7" cy="18" r="1.6" />
      <circle cx="17.5" cy="18" r="1.6" />
    </>,
  );
export const StarIcon = ({ size = 16, filled = true }: P & { filled?: boolean }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
      fill={filled ? '#f5a524' : 'none'}
      stroke="#f5a524"
      strokeWidth="1.5"
    />
  </svg>
);
