/**
 * Permission bits a git tree cannot hold. A tree keeps one bit of a file's
 * mode (executable or not); a private `.env` (0600), a group-writable file
 * (0664) or a read-only one (0444) would come back from a rewind as 0644.
 * So each snapshot also names a small blob listing the files whose
 * permission bits (rwx for user, group and others) differ from the usual
 * ones for their kind, which restore applies.
 *
 * The blob is plain text, NUL-separated, sorted by path:
 *   agentcli-permissions 1 \0 base 644 755 \0 600 .env \0 664 docs/shared.md \0
 * "base" is what most files of this working directory have (0644 / 0755,
 * or 0664 / 0775 under umask 002), so the list stays short either way.
 *
 * Not kept: setuid, setgid and sticky bits (a restore that sets them would
 * grant privileges; git drops them too), owners, and folders' permissions.
 */
export const PERMISSION_BITS = 0o777;

export type PermissionTable = {
  /** The usual bits of a non-executable and of an executable file. */
  readonly base: { readonly file: number; readonly executable: number };
  /** Files whose bits differ from base, by path relative to the work tree. */
  readonly exceptions: ReadonlyMap<string, number>;
};

const HEADER = 'agentcli-permissions 1';

export const DEFAULT_BASE = { file: 0o644, executable: 0o755 } as const;

export function encodePermissionTable(table: PermissionTable): Buffer {
  const rows = [...table.exceptions].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const parts = [HEADER, `base ${octal(table.base.file)} ${octal(table.base.executable)}`, ...rows.map(([file, bits]) => `${octal(bits)} ${file}`)];
  return Buffer.from(parts.map((part) => `${part}\0`).join(''), 'utf8');
}

/** The table in a blob, or undefined when the blob is not one (then restore falls back to git's own modes). */
export function decodePermissionTable(content: Buffer): PermissionTable | undefined {
  const parts = content.toString('utf8').split('\0');
  if (parts.at(-1) === '') parts.pop();
  if (parts[0] !== HEADER) return undefined;
  const base = /^base ([0-7]{3}) ([0-7]{3})$/.exec(parts[1] ?? '');
  if (!base) return undefined;
  const exceptions = new Map<string, number>();
  for (const row of parts.slice(2)) {
    const match = /^([0-7]{3}) (.+)$/s.exec(row);
    if (match) exceptions.set(match[2]!, Number.parseInt(match[1]!, 8));
  }
  return { base: { file: Number.parseInt(base[1]!, 8), executable: Number.parseInt(base[2]!, 8) }, exceptions };
}

/** The bits a file has in a table, given whether its git mode is executable. */
export function permissionsIn(table: PermissionTable, file: string, executable: boolean): number {
  return table.exceptions.get(file) ?? (executable ? table.base.executable : table.base.file);
}

/** The most common bits among these files, per kind: the base of a new table. */
export function commonBase(files: Iterable<{ readonly executable: boolean; readonly bits: number }>): PermissionTable['base'] {
  const counts = { file: new Map<number, number>(), executable: new Map<number, number>() };
  for (const file of files) {
    const map = file.executable ? counts.executable : counts.file;
    map.set(file.bits, (map.get(file.bits) ?? 0) + 1);
  }
  const top = (map: Map<number, number>, fallback: number): number => [...map].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? fallback;
  return { file: top(counts.file, DEFAULT_BASE.file), executable: top(counts.executable, DEFAULT_BASE.executable) };
}

function octal(bits: number): string {
  return (bits & PERMISSION_BITS).toString(8).padStart(3, '0');
}
