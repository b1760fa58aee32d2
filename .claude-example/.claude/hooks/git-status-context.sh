#!/bin/sh
# UserPromptSubmit hook: give the model the working tree's state with every prompt.
#
# On exit 0, whatever this prints goes to the model as context next to the
# prompt. (Exit 2 would drop the prompt and show stderr to the user instead:
# a way to refuse prompts, e.g. ones that paste secrets.)
cd "$CLAUDE_PROJECT_DIR" 2>/dev/null || exit 0
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || exit 0
echo "git status (branch and changed files) when this prompt was sent:"
git status --short --branch 2>/dev/null | head -n 40
