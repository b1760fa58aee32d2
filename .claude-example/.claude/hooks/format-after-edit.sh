#!/bin/sh
# PostToolUse hook for Edit|Write: format the file the agent just changed.
#
# tool_input.file_path names the file. A formatter that fails is not a reason
# to stop the agent: this script always exits 0 and reports through JSON
# (systemMessage is shown to the user, not the model).
file=$(node -e 'let t="";process.stdin.on("data",c=>t+=c);process.stdin.on("end",()=>process.stdout.write(JSON.parse(t).tool_input?.file_path ?? ""))')
[ -n "$file" ] || exit 0
case "$file" in
  *.ts|*.tsx|*.js|*.json|*.md)
    if npx --no-install prettier --write "$file" >/dev/null 2>&1; then
      printf '{"suppressOutput": true, "systemMessage": "formatted %s"}\n' "$(basename "$file")"
    fi
    ;;
esac
exit 0
