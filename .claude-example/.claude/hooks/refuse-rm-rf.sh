#!/bin/sh
# PreToolUse hook for Bash: refuse recursive forced deletes.
#
# The event arrives as JSON on stdin: {"tool_name": "Bash", "tool_input": {"command": "..."}, ...}.
# Exit 2 blocks the call; what this script prints on stderr is what the model
# reads as the reason (and what the REPL shows under the tool line).
# Node is there wherever agentcli is, so it parses the JSON (no jq needed).
node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => {
    const command = JSON.parse(text).tool_input?.command ?? "";
    // rm with -r/-R/--recursive and -f/--force in any order or spelling (-rf, -fr, -r -f, --recursive --force).
    const words = command.split(/\s+/);
    const isRm = words.some((word) => word === "rm" || word.endsWith("/rm"));
    const recursive = words.some((word) => /^-[a-zA-Z]*[rR]/.test(word) || word === "--recursive");
    const forced = words.some((word) => /^-[a-zA-Z]*f/.test(word) || word === "--force");
    if (isRm && recursive && forced) {
      process.stderr.write("rm -rf is refused by this project: delete specific files, or ask the user to do it.\n");
      process.exit(2);
    }
  });
'
