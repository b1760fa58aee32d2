/**
 * Number formatting without Intl: the first toLocaleString() call loads ICU
 * data (~20 ms), and tool prompts are built on the start-up path.
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Orders strings by code unit: stable across locales, and no ICU collation to load. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "1 line", "12 lines", "1,204 files". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}
