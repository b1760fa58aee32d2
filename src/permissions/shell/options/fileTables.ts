/**
 * Option tables of programs that change files (coreutils, compressors,
 * archivers, sed and awk). Values that name files are marked as reads or
 * writes; options whose effect we do not model (`tar --to-command`,
 * `sed --follow-symlinks` writing through links, `awk --profile` writing
 * awkprof.out) are refused, so those commands ask.
 */
import type { ProgramTable } from './optionTable.js';

const HELP = 'help version';
const BACKUP = 'b backup?t S|suffix=t';

export const FILE_TABLES: readonly ProgramTable[] = [
  { programs: ['rm'], options: `f|force i I interactive?t one-file-system no-preserve-root! preserve-root?t r|R|recursive d|dir v|verbose ${HELP}`, operands: 'read', accept: ['-rf x', '--recursive --force x'], reject: ['--no-preserve-root -rf /'] },
  { programs: ['unlink'], options: HELP, operands: 'read', accept: ['x'], reject: ['-f x'] },
  { programs: ['srm', 'trash', 'trash-put'], options: 'f i r R v d', operands: 'read', accept: ['x'], reject: ['--bogus x'] },
  { programs: ['rmdir'], options: `ignore-fail-on-non-empty p|parents v|verbose ${HELP}`, operands: 'read', accept: ['-p a/b'], reject: ['-r x'] },
  { programs: ['shred'], options: `f|force n|iterations=t random-source=r s|size=t u remove?t v|verbose x|exact z|zero ${HELP}`, operands: 'read', accept: ['-u x'], reject: ['-r x'] },
  { programs: ['mv'], options: `${BACKUP} debug exchange! f|force i|interactive n|no-clobber no-copy strip-trailing-slashes t|target-directory=w T|no-target-directory u|update?t v|verbose Z|context ${HELP}`, operands: 'read', accept: ['a b', '-t dir a b', '-f a b'], reject: ['--exchange a b'] },
  { programs: ['cp'], options: `a|archive attributes-only ${BACKUP} copy-contents d debug f|force i|interactive H l|link L|dereference n|no-clobber P|no-dereference p preserve?t no-preserve=t parents R|r|recursive reflink?t remove-destination sparse=t strip-trailing-slashes s|symbolic-link t|target-directory=w T|no-target-directory u|update?t v|verbose x|one-file-system Z context?t keep-directory-symlink ${HELP}`, operands: 'read', accept: ['a b', '-r src dst', '-t dir a'], reject: ['--bogus a b'] },
  { programs: ['ln'], options: `${BACKUP} d|F|directory f|force i|interactive L|logical n|no-dereference P|physical r|relative s|symbolic t|target-directory=w T|no-target-directory v|verbose ${HELP}`, operands: 'read', accept: ['-s a b'], reject: ['--bogus a b'] },
  { programs: ['install'], options: `${BACKUP} c C|compare d|directory D g|group=t m|mode=t o|owner=t p|preserve-timestamps s|strip strip-program=p t|target-directory=w T|no-target-directory v|verbose preserve-context Z context?t debug ${HELP}`, operands: 'read', accept: ['-m 644 a b', '-d dir'], reject: ['--strip-program=sh a b'] },
  { programs: ['touch'], options: `a c|no-create d|date=t f h|no-dereference m r|reference=r t=t time=t ${HELP}`, operands: 'read', accept: ['a', '-d now a'], reject: ['-x a'] },
  { programs: ['mkdir'], options: `m|mode=t p|parents v|verbose Z context?t ${HELP}`, operands: 'read', accept: ['-p a/b'], reject: ['-x a'] },
  { programs: ['mkfifo'], options: `m|mode=t Z context?t ${HELP}`, operands: 'read', accept: ['p'], reject: ['-x a'] },
  { programs: ['mknod'], options: `m|mode=t Z context?t ${HELP}`, operands: 'custom', accept: ['p p'], reject: ['-x a'] },
  { programs: ['tee'], options: `a|append i|ignore-interrupts p output-error?t ${HELP}`, operands: 'read', accept: ['-a log'], reject: ['-x a'] },
  { programs: ['truncate'], options: `c|no-create o|io-blocks r|reference=r s|size=t ${HELP}`, operands: 'read', accept: ['-s 0 f'], reject: ['-x f'] },
  { programs: ['chmod'], options: `c|changes f|silent|quiet v|verbose no-preserve-root preserve-root reference=r R|recursive ${HELP}`, operands: 'custom', accept: ['644 f', '-R u+w d', '+x f'], reject: ['--bogus f'] },
  { programs: ['chown', 'chgrp'], options: `c|changes f|silent|quiet v|verbose dereference h|no-dereference from=t no-preserve-root preserve-root reference=r R|recursive H L P ${HELP}`, operands: 'custom', accept: ['me f', '-R me:me d'], reject: ['--bogus f'] },
  { programs: ['chattr'], options: 'R V f v=t p=t', operands: 'custom', accept: ['+i f'], reject: ['--bogus f'] },
  { programs: ['setfacl'], options: 'm|modify=t M|modify-file=r x|remove=t X|remove-file=r b|remove-all k|remove-default set=t set-file=r mask n|no-mask d|default R|recursive L|logical P|physical restore=r test v|version h|help', operands: 'read', accept: ['-m u:me:r f'], reject: ['--bogus f'] },
  { programs: ['patch'], options: `b|backup B|prefix=t Y|basename-prefix=t z|suffix=t V|version-control=t backup-if-mismatch no-backup-if-mismatch binary c|context d|directory=d D|ifdef=t dry-run e|ed E|remove-empty-files f|force F|fuzz=t g|get=t! i|input=r l|ignore-whitespace merge?t n|normal N|forward o|output=w p|strip=t posix quoting-style=t r|reject-file=w R|reverse read-only=t reject-format=t s|silent|quiet t|batch T|set-time u|unified verbose x|debug=t Z|set-utc follow-symlinks ${HELP}`, operands: 'custom', accept: ['-p1 -i fix.patch', '-p1 < x'], reject: ['--bogus'] },
  ...['gzip', 'gunzip', 'bzip2', 'bunzip2', 'xz', 'unxz', 'lzma', 'unlzma'].map((program): ProgramTable => ({
    programs: [program],
    options: `c|stdout|to-stdout d|decompress|uncompress f|force h|help k|keep K|no-name|n N|name l|list L|license q|quiet r|recursive S|suffix=t t|test v|verbose V|version s|small z|compress T|threads=t F|format=t C|check=t e|extreme 0 1 2 3 4 5 6 7 8 9 best fast rsyncable synchronous memlimit=t M=t Q|no-warn robot info-memory ignore-check single-stream block-size=t block-list=t flush-timeout=t lzma1?t lzma2?t x86?t delta?t files?r files0?r`,
    operands: 'read',
    numericOption: true,
    accept: ['-k f', '-dc f.gz', '-9 f'],
    reject: ['--bogus f'],
  })),
  { programs: ['zstd', 'unzstd'], options: 'c|stdout d|decompress|uncompress f|force k|keep rm q|quiet v|verbose V|version h|help H l|list t|test o=w r T|threads=t 1 2 3 4 5 6 7 8 9 19 ultra fast?t long?t no-progress', operands: 'read', numericOption: true, accept: ['-d f.zst', '-o out f'], reject: ['--bogus f'] },
  {
    programs: ['tar'],
    options: `A|catenate|concatenate c|create d|diff|compare delete r|append t|list test-label u|update x|extract|get C|directory=d f|file=t F|info-script|new-volume-script=p I|use-compress-program=p to-command=p checkpoint-action=p rsh-command=p rmt-command=p T|files-from=r X|exclude-from=r exclude=t exclude-vcs exclude-vcs-ignores exclude-caches exclude-backups anchored no-anchored wildcards no-wildcards z|gzip|gunzip|ungzip j|bzip2 J|xz lzma zstd a|auto-compress Z|compress|uncompress v|verbose w|interactive|confirmation k|keep-old-files keep-newer-files keep-directory-symlink skip-old-files overwrite overwrite-dir no-overwrite-dir unlink-first|U remove-files recursive-unlink! O|to-stdout p|preserve-permissions|same-permissions same-owner no-same-owner no-same-permissions numeric-owner owner=t group=t mode=t mtime=t sort=t h|dereference hard-dereference P|absolute-names! l|check-links b|blocking-factor=t B|read-full-records H|format=t V|label=t N|newer|after-date=t newer-mtime=t one-file-system transform|xform=t strip-components=t S|sparse totals?t null no-null verbatim-files-from no-verbatim-files-from ignore-zeros|i ignore-failed-read no-recursion recursion warning=t W|verify show-transformed-names|show-stored-names checkpoint?t index-file=w full-time utc quoting-style=t no-auto-compress record-size=t g|listed-incremental=w G|incremental occurrence?t level=t ${HELP}`,
    operands: 'custom',
    accept: ['-czf a.tgz src', '-czf a.tgz --remove-files src', '-xf a.tar -C out', '--create --file=a.tar src', '-tzvf a.tgz', '--creat -f a.tar src'],
    reject: ['-cf a.tar --to-command=sh src', '--creat --recursive-unl src'],
  },
  { programs: ['zip'], options: 'r R m T! TT=p unzip-command=p d D e! f u F FF g j J k l ll L n=t o q v x=t i=t y z! A b=d c! t=t tt=t 0 1 2 3 4 5 6 7 8 9 O|out=w P=t! s=t sp sv so h|help', operands: 'custom', accept: ['-r a.zip src', '-q a.zip f', '-m a.zip f'], reject: ['-TT sh a.zip f', '-T a.zip f'] },
  { programs: ['unzip'], options: 'l v t p z Z c f u n o j C L V X a aa q qq d=d x=t P=t! h|help', operands: 'custom', accept: ['-l a.zip', '-q a.zip -d out'], reject: ['--bogus a.zip'] },
  {
    programs: ['sed', 'gsed'],
    options: `n|quiet|silent debug e|expression=c f|file=r follow-symlinks! i|in-place?t l|line-length=t posix E|r|regexp-extended s|separate sandbox u|unbuffered z|null-data b|binary ${HELP}`,
    operands: 'custom',
    accept: ["-n 1,5p f", '-i.bak s/a/b/ f', '-e p -e d f', '--expr=p f', '--in-pl s/a/b/ f'],
    reject: ['--follow-symlinks -i s/a/b/ f', '-Z p f'],
  },
  {
    programs: ['awk', 'gawk', 'mawk', 'nawk'],
    options: `F|field-separator=t v|assign=t f|file=p e|source=c E|exec=p i|include=p l|load=p b|characters-as-bytes c|traditional C|copyright d|dump-variables?t! D|debug?t! g|gen-pot! h|help L|lint?t M|bignum n|non-decimal-data N|use-lc-numeric o|pretty-print?t! O|optimize p|profile?t! P|posix r|re-interval s|no-optimize S|sandbox t|lint-old V|version W=t!`,
    operands: 'custom',
    stopAtFirstOperand: true,
    accept: ['-F: {print} f', '-v x=1 {print} f'],
    reject: ['-f prog.awk f', '--profile {print} f', '-i inplace {print} f'],
  },
  { programs: ['find'], options: 'H L P D=t O=t', operands: 'custom', stopAtFirstOperand: true, accept: ['src -name x', '-L .'], reject: ['-Q .'] },
];
