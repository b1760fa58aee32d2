/**
 * The REPL's keys as users see them: one list for /help and the `?`
 * shortcuts overlay, grouped as the overlay shows them. Each entry is a
 * binding the prompt really has (src/ui/input/keymap.ts and
 * promptKeyHandler.ts); a test checks the keymap against it.
 */
export type KeyBinding = { readonly keys: string; readonly does: string };
export type KeyBindingGroup = { readonly title: string; readonly bindings: readonly KeyBinding[] };

export const KEY_BINDING_GROUPS: readonly KeyBindingGroup[] = [
  {
    title: 'Prompt',
    bindings: [
      { keys: 'Enter', does: 'send the prompt' },
      { keys: 'Shift+Enter, Ctrl+J, or \\ then Enter', does: 'new line' },
      { keys: '/', does: 'commands (Tab completes)' },
      { keys: '@path', does: 'attach a file (Tab completes; images go as images)' },
      { keys: '!command', does: 'run a shell command; its output joins the conversation' },
      { keys: '# note', does: 'save a line to a memory file you choose (not sent to the model)' },
      { keys: 'Ctrl+V', does: "attach the clipboard's image (wl-paste / xclip)" },
    ],
  },
  {
    title: 'Editing',
    bindings: [
      { keys: '↑ / ↓', does: 'earlier prompts (per project)' },
      { keys: 'Ctrl+R', does: 'search earlier prompts' },
      { keys: 'Ctrl+A / Ctrl+E', does: 'start / end of the line' },
      { keys: 'Ctrl+U / Ctrl+K', does: 'delete to the start / end of the line' },
      { keys: 'Ctrl+W, Alt+Backspace', does: 'delete the word before the cursor' },
      { keys: 'Alt+B / Alt+F', does: 'a word left / right' },
    ],
  },
  {
    title: 'Session',
    bindings: [
      { keys: 'Esc', does: 'interrupt the running turn' },
      { keys: 'Ctrl+B', does: 'send the running Bash command to the background (/tasks lists them)' },
      { keys: 'Esc Esc', does: 'rewind to an earlier prompt (on an empty prompt)' },
      { keys: 'Shift+Tab', does: 'switch permission mode' },
      { keys: 'Ctrl+O', does: 'transcript view: everything so far, in full (Esc to close)' },
      { keys: 'Ctrl+C', does: 'clear the input; twice to exit' },
      { keys: 'Ctrl+D', does: 'exit (twice, on an empty input)' },
      { keys: '?', does: 'this list (on an empty prompt)' },
    ],
  },
];
