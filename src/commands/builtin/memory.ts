import os from 'node:os';
import path from 'node:path';
import { memoryFileText } from '../../context/memoryFiles.js';
import { refusedImportNote } from '../../context/memoryImports.js';
import { editableMemoryTargets, ensureMemoryFile } from '../../context/memoryTargets.js';
import type { Session } from '../../session/session.js';
import type { SlashCommand } from '../types.js';

const SCOPE_LABEL = { user: 'user', project: 'project', local: 'local (private)' } as const;

/**
 * `/memory`: which memory files are in force (size, imports and their
 * problems), then a picker of the files to edit — those in force and the
 * standard places one could be created (project, local, user). The chosen
 * file is created if needed and opened in $VISUAL/$EDITOR; afterwards the
 * memory is read again, so the next request carries the edit. Esc leaves
 * only the listing.
 */
export const memoryCommand: SlashCommand = {
  name: 'memory',
  description: 'List the memory files (CLAUDE.md, AGENTS.md, imports) in force and edit one in $EDITOR',
  async run(_args, context) {
    const { session } = context;
    const listing = describeMemory(session);
    const targets = editableMemoryTargets({ cwd: session.cwd, configDir: session.info.configDir, inForce: session.memoryFiles });
    const chosen = await context.choose({
      title: 'Which memory file do you want to edit?',
      options: targets.map((target) => ({
        value: target.path,
        label: `${target.label}: ${displayPath(target.path, session.cwd)}`,
        ...(target.inForce ? {} : { description: 'new file' }),
      })),
    });
    if (chosen === undefined) return { type: 'text', text: listing };
    await ensureMemoryFile(chosen);
    const run = await context.editFile(chosen);
    if (!run.ok) return { type: 'text', tone: 'error', text: `${listing}\nCould not open ${chosen}: ${run.reason}.` };
    const problem = await session.reloadMemory();
    const outcome = `Edited ${chosen} with ${run.editor}. Memory reloaded: the next request carries it.`;
    return { type: 'text', ...(problem ? { tone: 'error' as const } : {}), text: [outcome, ...(problem ? [problem] : [])].join('\n') };
  },
};

function describeMemory(session: Session): string {
  const files = session.memoryFiles;
  if (files.length === 0) return 'No memory files are in force. /init asks the model to write a CLAUDE.md for this repository.';
  const lines: string[] = ['Memory files in force (sent with every request, outermost first):'];
  for (const file of files) {
    const size = memoryFileText(file).length;
    const cut = file.fullLength !== undefined ? ` · cut at 100,000 of ${file.fullLength.toLocaleString('en-US')} characters` : '';
    const rules = file.carriesRules ? '' : ' · instructions only';
    if (file.withheld !== undefined) {
      lines.push(`  ${file.path} (${SCOPE_LABEL[file.scope]}) · not sent: ${file.withheld}`);
      continue;
    }
    lines.push(`  ${file.path} (${SCOPE_LABEL[file.scope]}) · ${size.toLocaleString('en-US')} characters${cut}${rules}`);
    for (const imported of file.imports) {
      lines.push(imported.kind === 'imported' ? `    ↳ ${imported.path} (imported by @${imported.spelled})` : `    ✗ ${refusedImportNote(imported)}`);
    }
    for (const problem of file.importProblems) lines.push(`    ! ${problem}`);
  }
  lines.push('Subfolders\' CLAUDE.md files join as reminders when the model first works under them.');
  return lines.join('\n');
}

/** Paths under the project as ./relative, under home as ~/…, others absolute. */
export function displayPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return `.${path.sep}${relative}`;
  const home = os.homedir();
  const fromHome = path.relative(home, file);
  if (home && !fromHome.startsWith('..') && !path.isAbsolute(fromHome)) return `~${path.sep}${fromHome}`;
  return file;
}
