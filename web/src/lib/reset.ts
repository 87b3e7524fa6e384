/** Logout resets the whole application state: each store registers how to reset itself. */
const resets = new Set<() => void>();

export function registerReset(reset: () => void): void {
  resets.add(reset);
}

export function resetAll(): void {
  resets.forEach((reset) => reset());
}
