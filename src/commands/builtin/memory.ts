import { memoryFileText } from '../../context/memoryFiles.js';
import type { SlashCommand } from '../types.js';

const SCOPE_LABEL = { user: 'user', project: 'project', local: 'local (private)' } as const;

/** Which memory files are in force, how big they are, and what their imports did. */
export const memoryCommand: SlashCommand = {
  name: 'memory',
  description: 'List the memory files (CLAUDE.md, AGENTS.md, imports) in force',
  run(_args, context) {
    const files = context.session.memoryFiles;
    if (files.length === 0) {
      return { type: 'text', text: 'No memory files are in force. /init asks the model to write a CLAUDE.md for this repository.' };
    }
    const lines: string[] = ['Memory files in force (sent with every request, outermost first):'];
    for (const file of files) {
      const size = memoryFileText(file).length;
      const cut = file.fullLength !== undefined ? ` · cut at 100,000 of ${file.fullLength.toLocaleString('en-US')} characters` : '';
      const rules = file.carriesRules ? '' : ' · instructions only';
      lines.push(`  ${file.path} (${SCOPE_LABEL[file.scope]}) · ${size.toLocaleString('en-US')} characters${cut}${rules}`);
      for (const imported of file.imports) lines.push(`    ↳ ${imported.path} (imported by @${imported.spelled})`);
      for (const problem of file.importProblems) lines.push(`    ! ${problem}`);
    }
    lines.push('Subfolders\' CLAUDE.md files join as reminders when the model first works under them.');
    return { type: 'text', text: lines.join('\n') };
  },
};
