/**
 * Network programs. Besides the "network" effect, they read and write
 * local files through options: uploading a file's content
 * (`curl -d @.env`, `-T`, `-F f=@.env`, `wget --post-file`, `scp .env h:`)
 * is a Read of that file, so a `Read(.env)` deny stops it; downloads write
 * files. Options that run programs (`ssh -o ProxyCommand`, `rsync -e`,
 * `scp -S`, socat `EXEC:`) are inline code.
 */
import { parseArguments } from './argumentParsing.js';
import { hasOption, optionValues } from './options/optionTable.js';
import { destroys, reads, writes, type PathAccess } from './commandEffects.js';
import type { Classification } from './readOnlyCommands.js';
import { literalWord } from './unwrapCommand.js';
import type { ExpandedWord } from './wordExpansion.js';

const CURL_VALUE_OPTIONS = [
  '-o', '--output', '-d', '--data', '--data-binary', '--data-raw', '--data-ascii', '--data-urlencode', '--json',
  '-F', '--form', '--form-string', '-T', '--upload-file', '-K', '--config', '-b', '--cookie', '-c', '--cookie-jar',
  '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr', '-E', '--cert', '--key', '--cacert', '-u', '--user',
  '-H', '--header', '-X', '--request', '-A', '--user-agent', '-e', '--referer', '-x', '--proxy', '-m', '--max-time',
  '--connect-timeout', '-r', '--range', '-w', '--write-out', '--retry', '-U', '--proxy-user', '--resolve', '-Y', '-y',
  '--output-dir', '--netrc-file', '--libcurl', '-Q', '--quote', '--url', '-t', '--telnet-option',
];

export function classifyNetworkCommand(program: string, args: readonly ExpandedWord[]): Classification | undefined {
  switch (program) {
    case 'curl':
      return curlCommand(args);
    case 'wget':
      return wgetCommand(args);
    case 'scp':
    case 'rsync':
      return copyOverNetwork(program, args);
    case 'ssh':
      return sshCommand(args);
    case 'socat':
      return args.some((w) => w.kind === 'dynamic' || /(^|[,!])\s*(EXEC|SYSTEM):/i.test(w.text)) ? inlineCode('socat EXEC/SYSTEM runs a program') : network([]);
    case 'http':
    case 'https':
    case 'xh':
      // httpie: `field@file` and `field=@file` upload a file.
      return network(reads(args.filter((w) => w.kind === 'static' && /^[^-][^=@]*=?@/.test(w.text)).map((w) => literalWord(w.text.replace(/^[^@]*@/, ''))), 'uploaded by httpie'));
    case 'nc':
    case 'ncat':
    case 'netcat':
      return args.some((w) => ['-e', '-c', '--exec', '--sh-exec', '--lua-exec'].includes(w.text)) ? inlineCode(`${program} -e runs a program`) : network([]);
    case 'telnet':
    case 'ftp':
    case 'sftp':
    case 'aria2c':
      return network([]);
    default:
      return undefined;
  }
}

function network(paths: readonly PathAccess[]): Classification {
  return { kind: 'other', paths, effects: ['network'], concerns: [] };
}

function inlineCode(detail: string): Classification {
  return { kind: 'other', paths: [], effects: ['network'], concerns: [{ kind: 'inline-code', detail }] };
}

/** `@file` (and `name=@file`, `name@file`, `<file` in -F) names a file whose content is sent. */
function uploadedFile(value: ExpandedWord, form: boolean): ExpandedWord | undefined {
  if (value.kind === 'dynamic') return value;
  const match = form ? /^[^=]*=[@<]([^;]*)/.exec(value.text) : /^(?:[^@=]*=)?@(.*)$/.exec(value.text) ?? /^[^@=]+@(.*)$/.exec(value.text);
  return match?.[1] ? literalWord(match[1]) : undefined;
}

function curlCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, { valueOptions: CURL_VALUE_OPTIONS });
  const uploads = [
    ...optionValues(parsed, '-d', '--data', '--data-binary', '--data-ascii', '--data-urlencode', '--json', '-H', '--header').map((v) => uploadedFile(v, false)),
    ...optionValues(parsed, '-F', '--form').map((v) => uploadedFile(v, true)),
  ].filter((v): v is ExpandedWord => v !== undefined);
  // `curl file:///…/.env` reads a local file like cat does.
  const fileUrls = parsed.operands.filter((w) => w.kind === 'static' && /^file:\/\//i.test(w.text)).map((w) => literalWord(decodeURIComponent(w.text.replace(/^file:\/\/[^/]*/i, ''))));
  const readFiles = [...uploads, ...fileUrls, ...optionValues(parsed, '-T', '--upload-file', '-K', '--config', '-b', '--cookie', '-E', '--cert', '--key', '--cacert', '--netrc-file')];
  const writtenFiles = optionValues(parsed, '-o', '--output', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr', '--libcurl', '--output-dir');
  const remoteName = hasOption(parsed, '-O', '--remote-name', '--remote-name-all', '-J', '--remote-header-name');
  const paths = [
    ...reads(readFiles.filter((w) => w.text !== '-'), 'sent over the network by curl'),
    ...writes(writtenFiles.filter((w) => w.text !== '-'), 'written by curl'),
    ...writes(remoteName ? ['unknown'] : [], 'download named by the server (curl -O)'),
    ...writes(parsed.dynamicWords.length > 0 ? ['unknown'] : [], 'computed curl option'),
  ];
  return network(paths);
}

function wgetCommand(args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, {
    valueOptions: ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output', '-P', '--directory-prefix', '--post-file', '--body-file', '-i', '--input-file', '--header', '-U', '--user-agent', '--method', '--post-data', '--body-data', '-t', '--tries', '-T', '--timeout', '--user', '--password', '--load-cookies', '--save-cookies', '-e', '--execute', '--config'],
  });
  if (hasOption(parsed, '-e', '--execute')) return inlineCode('wget -e runs wgetrc commands');
  const readFiles = optionValues(parsed, '--post-file', '--body-file', '-i', '--input-file', '--load-cookies', '--config');
  const documents = optionValues(parsed, '-O', '--output-document').filter((w) => w.text !== '-');
  const logs = optionValues(parsed, '-o', '--output-file', '-a', '--append-output', '--save-cookies');
  const prefix = optionValues(parsed, '-P', '--directory-prefix');
  const toStdout = optionValues(parsed, '-O', '--output-document').some((w) => w.text === '-');
  const implicit = documents.length === 0 && !toStdout ? (prefix.length > 0 ? writes(prefix, 'download directory', true) : writes(['unknown'], 'download named by the server')) : [];
  return network([...reads(readFiles, 'sent or read by wget'), ...writes([...documents, ...logs], 'written by wget'), ...implicit]);
}

/** scp/rsync: local operands are read (sources) or written (destination); `host:path` is remote. */
function copyOverNetwork(program: string, args: readonly ExpandedWord[]): Classification {
  const parsed = parseArguments(args, {
    valueOptions: program === 'scp' ? ['-P', '-i', '-F', '-o', '-S', '-c', '-l', '-J'] : ['-e', '--rsh', '--rsync-path', '--exclude', '--include', '--exclude-from', '--include-from', '--files-from', '-f', '--filter', '--port', '--password-file', '--log-file', '--partial-dir', '--temp-dir', '-T', '--backup-dir', '--suffix', '--chmod', '--chown', '--timeout', '--bwlimit', '--max-size', '--min-size'],
  });
  const execOptions = program === 'scp' ? ['-S', '-o'] : ['-e', '--rsh', '--rsync-path'];
  for (const option of parsed.options) {
    if (!execOptions.includes(option.name)) continue;
    if (program === 'scp' && option.name === '-o' && option.value?.kind === 'static' && !/^(Proxy|Local|PermitLocal|KnownHostsCommand)/i.test(option.value.text)) continue;
    return inlineCode(`${program} ${option.name} runs a program`);
  }
  const isRemote = (w: ExpandedWord): boolean => w.kind === 'static' && /^[^/]*:/.test(w.text) && !/^\.?\//.test(w.text);
  const sources = parsed.operands.slice(0, -1);
  const destination = parsed.operands.slice(-1);
  const recursive = program === 'rsync' ? hasOption(parsed, '-r', '--recursive', '-a', '--archive') : hasOption(parsed, '-r');
  const removesSources = program === 'rsync' && parsed.options.some((o) => o.name === '--remove-source-files' || o.name.startsWith('--delete'));
  const paths = [
    ...(removesSources ? destroys(sources.filter((w) => !isRemote(w)), 'removed by rsync', true) : reads(sources.filter((w) => !isRemote(w)), `sent by ${program}`, recursive)),
    ...writes(destination.filter((w) => !isRemote(w)), `destination of ${program}`, true),
    ...reads(optionValues(parsed, '--exclude-from', '--include-from', '--files-from', '--password-file', '-i', '-F'), `read by ${program}`),
    ...writes(optionValues(parsed, '--log-file'), `log of ${program}`),
  ];
  const anyRemote = parsed.operands.some(isRemote);
  return { kind: anyRemote ? 'other' : 'file-edit', paths, effects: [...(anyRemote ? (['network'] as const) : []), ...(removesSources ? (['delete'] as const) : [])], concerns: [] };
}

function sshCommand(args: readonly ExpandedWord[]): Classification {
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? '';
    const value = text === '-o' ? (args[i + 1]?.text ?? '') : text.startsWith('-o') ? text.slice(2) : '';
    if (/^\s*(ProxyCommand|LocalCommand|PermitLocalCommand|KnownHostsCommand|ProxyUseFdpass|Match)/i.test(value)) return inlineCode('ssh option runs a local program');
    if (text === '-F') return inlineCode('ssh -F config may run local programs');
  }
  return network(reads(optionValuesOf(args, '-i'), 'ssh identity'));
}

function optionValuesOf(args: readonly ExpandedWord[], option: string): ExpandedWord[] {
  const values: ExpandedWord[] = [];
  args.forEach((word, i) => {
    const next = args[i + 1];
    if (word.text === option && next) values.push(next);
  });
  return values;
}
