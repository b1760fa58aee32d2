/**
 * Changes one settings file (or another JSON object file agentcli owns)
 * key by key, keeping every other key as it was. Written whole to a
 * temporary file and renamed, so a crash never leaves half a file; a file
 * that is not a JSON object is refused, never overwritten.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessageOf } from '../utils/errors.js';
import { announceSettingsWrite } from './settingsWrites.js';

export async function readJsonObjectFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${errorMessageOf(error)}); fix or remove it`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file} must hold a JSON object`);
  return parsed as Record<string, unknown>;
}

export async function writeJsonObjectFile(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temporary, file);
  announceSettingsWrite(file);
}

export async function updateJsonObjectFile(file: string, change: (current: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  await writeJsonObjectFile(file, change(await readJsonObjectFile(file)));
}
