/** Layout breakpoints in CSS pixels (specification section 9); a width is "at least" a breakpoint. */
export const BREAKPOINTS = {
  xl: 1200,
  lg: 992,
  md: 768,
  sm: 576,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** The largest breakpoint the width reaches, or 'xs' below sm. */
export function breakpointOf(width: number): Breakpoint | 'xs' {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

export const mediaQueryAtLeast = (breakpoint: Breakpoint): string => `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
