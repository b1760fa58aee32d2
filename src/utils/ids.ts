import { randomUUID } from 'node:crypto';

export function newUuid(): string {
  return randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}
