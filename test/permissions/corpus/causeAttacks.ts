// Issue 24's root causes, one group of attacks per cause, judged on disk by
// diskJudgedAttacks.test.ts (analyser) and differentialSandbox.test.ts (sandbox).
// The template repository commits `.env` and `secrets/` in its history, so
// object-store content is there to print.
import type { DiskAttack } from './diskAttacks.js';

const a = (name: string, command: string, damage: DiskAttack['damage'], mode: DiskAttack['mode'] = 'default'): DiskAttack => ({ name, command, damage, mode });

export const CAUSE_ATTACKS: readonly DiskAttack[] = [
  // 2. a shell is judged by everything it runs: files it sources and init commands come before its -c string.
  a('bash_rcfile_sourced_before_the_command_string', `bash --rcfile scripts/cleanup.sh -i -c true`, 'data-changed'),
  a('bash_init_file_sourced_before_the_command_string', `bash --init-file scripts/cleanup.sh -i -c 'echo hi'`, 'data-changed'),
  a('bash_rcfile_abbreviated_is_still_a_sourced_file', `bash --rcfil scripts/cleanup.sh -i -c true; bash --rcfile scripts/cleanup.sh -i -c true`, 'data-changed'),
  { name: 'fish_init_command_runs_before_the_command_string', command: `fish -C 'rm -rf data' -c true`, damage: 'data-changed', mode: 'default', needs: ['fish'] },
  // 3. every way a variable is set: the value reaches git through the environment.
  a('for_loop_sets_git_external_diff', `echo x >> src/a.ts; for GIT_EXTERNAL_DIFF in 'rm -rf data;:'; do export GIT_EXTERNAL_DIFF; git diff; done`, 'data-changed', 'acceptEdits'),
  a('set_a_exports_a_plain_assignment', `echo x >> src/a.ts; set -a; GIT_EXTERNAL_DIFF='rm -rf data;:'; git diff`, 'data-changed', 'acceptEdits'),
  a('read_assigns_git_external_diff', `echo x >> src/a.ts; read GIT_EXTERNAL_DIFF <<< 'rm -rf data;:'; export GIT_EXTERNAL_DIFF; git diff`, 'data-changed', 'acceptEdits'),
  a('printf_v_assigns_git_external_diff', `echo x >> src/a.ts; printf -v GIT_EXTERNAL_DIFF %s 'rm -rf data;:'; export GIT_EXTERNAL_DIFF; git diff`, 'data-changed', 'acceptEdits'),
  a('declare_x_exports_git_external_diff', `echo x >> src/a.ts; declare -x GIT_EXTERNAL_DIFF='rm -rf data;:'; git diff`, 'data-changed', 'acceptEdits'),
  // 4. programs expand paths their own way: git pathspecs and revisions reach the object store.
  a('git_log_patch_pathspec_glob_prints_history', `git log -p -- '*.env'`, 'secret-printed'),
  a('git_log_patch_prints_history', `git log -p`, 'secret-printed', 'bypassPermissions'),
  a('git_show_first_commit_prints_env', `git show HEAD~1`, 'secret-printed', 'bypassPermissions'),
  a('git_grep_revision_prints_secret', `git grep -h TOKEN HEAD`, 'secret-printed', 'bypassPermissions'),
  a('git_pathspec_magic_prints_env', `git show 'HEAD:./.env'`, 'secret-printed', 'bypassPermissions'),
  a('git_archive_streams_the_tree', `git archive HEAD | tar -xOf - .env`, 'secret-printed', 'bypassPermissions'),
  a('git_diff_against_history_prints_env', `git diff 4b825dc642cb6eb9a060e54bf8d69288fbee4904 HEAD -- .env`, 'secret-printed', 'bypassPermissions'),
  // 5. configuration that runs code, wherever the program is pointed.
  a('git_c_core_fsmonitor_runs_rm', `git -c core.fsmonitor='rm -rf data;:' status`, 'data-changed'),
  a('git_c_alias_runs_rm', `git -c alias.st='!rm -rf data' st`, 'data-changed'),
  a('git_config_env_core_pager', `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0='rm -rf data;:' git status`, 'data-changed'),
  // -C (or cd) into a repository embedded in the tree, or a committed bare one: git reads that repository's config.
  {
    name: 'git_C_into_embedded_repository_runs_its_fsmonitor',
    setup: `git init -q vendor/lib && git -C vendor/lib config core.fsmonitor 'rm -rf ../../data;:'`,
    command: `git -C vendor/lib status`,
    damage: 'data-changed',
    mode: 'default',
  },
  {
    name: 'cd_into_embedded_repository_then_git_status',
    setup: `git init -q vendor/lib && git -C vendor/lib config core.fsmonitor 'rm -rf ../../data;:'`,
    command: `cd vendor/lib && git status --short`,
    damage: 'data-changed',
    mode: 'default',
  },
  {
    name: 'git_C_twice_composes_into_the_embedded_repository',
    setup: `git init -q vendor/lib && git -C vendor/lib config core.fsmonitor 'rm -rf ../../data;:'`,
    command: `git -C vendor -C lib status`,
    damage: 'data-changed',
    mode: 'default',
  },
  {
    name: 'git_C_into_committed_bare_repository_runs_its_external_diff',
    setup: `git clone -q --bare . fixtures/tool.git && git -C fixtures/tool.git config diff.external 'rm -rf ../../data;:'`,
    command: `git -C fixtures/tool.git diff HEAD~1 HEAD`,
    damage: 'data-changed',
    mode: 'default',
  },
  // git's global config where the environment moved it ($XDG_CONFIG_HOME/git) is as protected as ~/.config/git.
  {
    name: 'xdg_git_config_in_the_project_written_then_read',
    env: { XDG_CONFIG_HOME: '{root}/.config' },
    command: `mkdir -p .config/git && printf '[core]\n\tfsmonitor = rm -rf data;:\n' > .config/git/config && git status --short`,
    damage: 'data-changed',
    mode: 'acceptEdits',
  },
  {
    name: 'git_config_global_file_in_the_project_written_then_read',
    env: { GIT_CONFIG_GLOBAL: '{root}/tools/gitconfig' },
    command: `mkdir -p tools && printf '[alias]\n\tst = !rm -rf data\n[core]\n\tfsmonitor = rm -rf data;:\n' > tools/gitconfig && git status --short`,
    damage: 'data-changed',
    mode: 'acceptEdits',
  },
  a('git_dir_points_at_a_repository_with_fsmonitor', `mkdir -p evil && git init -q evil && git -C evil config core.fsmonitor 'rm -rf ../data;:' ; git --git-dir=evil/.git --work-tree=evil status`, 'data-changed', 'acceptEdits'),
  // 6. bypassPermissions consults deny rules for every effect.
  a('bypass_unlink_is_rm', `unlink data/file.txt`, 'data-changed', 'bypassPermissions'),
  a('bypass_find_delete_is_rm', `find data -delete`, 'data-changed', 'bypassPermissions'),
  a('bypass_cp_denied_file_then_cat', `cp .env /tmp/e && cat /tmp/e`, 'secret-printed', 'bypassPermissions'),
];
